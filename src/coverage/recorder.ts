/** @module The coverage recorder: marks the model's items each exchange exercises. */
import type { TargetConfig } from '../core/check.js';
import { matchOperation, type Operation, type OperationId } from '../core/operations.js';
import { vllmRuleViolations } from '../rules/vllm-request-rules.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import { type HttpClient, type RecordedRequest, type StreamingExchange, withChunks } from '../transport/types.js';
import type { CoverageItem, Mode } from './item.js';
import { modesOf, responseSchemasOf, type CoverageModel } from './model.js';
import type { ConfiguredCredentials } from '../core/credentials.js';
import { classifyAuthorization } from '../core/presentations.js';
import { fieldPathOf, presentPaths, valuesAt } from '../schemas/fields.js';
import { is2xx, is4xx, jsonOrUndefined, memo } from '../core/values.js';

/** Lines of one streamed body looked at (enough to see every field a chunk or record carries). */
const MAX_LINES_PER_BODY = 400;

/** What the caller already parsed of an exchange (the proxy's judge): the same values, not parsed again. */
export interface Parsed {
  /** The request body's JSON value (JSON.parse of `request.body`). */
  readonly request?: unknown;
  /** The answer's JSON value (JSON.parse of the body text), when it is an object. */
  readonly answer?: Readonly<Record<string, unknown>>;
}

export interface CoverageRecorder {
  /** One exchange: the request as sent, the status, and the body (text) when it was read whole. */
  observe(request: RecordedRequest, status: number, bodyText?: string, parsed?: Parsed): void;
  /** The client with every exchange observed; `onNew` hears how many items each exercised first. */
  wrap(client: HttpClient, onNew?: (items: number) => void): HttpClient;
  covered(): ReadonlySet<string>;
}

/** JSON values of a body of lines: SSE `data:` events or JSONL records. */
function lineValues(text: string): unknown[] {
  const out: unknown[] = [];
  for (const raw of text.split('\n').slice(0, MAX_LINES_PER_BODY)) {
    const line = raw.replace(/\r$/, '');
    const payload = line.startsWith('data:') ? line.slice(5).trim() : line.trim();
    if (!payload || payload === '[DONE]' || !/^[{[]/.test(payload)) continue;
    const v = jsonOrUndefined(payload);
    if (v !== undefined) out.push(...(Array.isArray(v) ? v : [v]));
  }
  return out;
}

export interface RecorderOptions {
  readonly model: CoverageModel;
  readonly schemas: SchemaRegistry;
  readonly target: Pick<TargetConfig, 'baseUrl' | 'entity' | 'project'>;
  readonly credentials: ConfiguredCredentials;
}

const NONE: readonly CoverageItem[] = [];

/** The model's items by operation and kind, listed once (observing runs per exchange). */
function itemsByOperationAndKind(
  items: readonly CoverageItem[],
): (op: OperationId, kind: CoverageItem['kind']) => readonly CoverageItem[] {
  const byKey = new Map<string, CoverageItem[]>();
  for (const item of items) memo(byKey, `${item.operation} ${item.kind}`, () => []).push(item);
  return (op, kind) => byKey.get(`${op} ${kind}`) ?? NONE;
}

export function createCoverageRecorder(opts: RecorderOptions): CoverageRecorder {
  return new Recorder(opts);
}

/** The scope and mode of an exchange's request, what its answer's body is read against (`observeRequest`). */
interface SeenRequest {
  readonly op: OperationId;
  readonly mode: Mode | undefined;
  readonly ownScope: boolean;
  readonly ok: boolean;
}

class Recorder implements CoverageRecorder {
  private readonly exercised = new Set<string>();
  private readonly index: ReadonlyMap<string, CoverageItem>;
  /** Record ids seen in 2xx answers of the configured project, per id field. */
  private readonly knownIds = new Map<string, Set<string>>();
  private readonly basePath: string;
  private readonly itemsOf: ReturnType<typeof itemsByOperationAndKind>;

  constructor(private readonly opts: RecorderOptions) {
    this.index = new Map(opts.model.items.map((i) => [i.id, i]));
    this.basePath = new URL(opts.target.baseUrl).pathname.replace(/\/+$/, '');
    this.itemsOf = itemsByOperationAndKind(opts.model.items);
  }

  covered(): ReadonlySet<string> {
    return this.exercised;
  }

  private mark(id: string): void {
    if (this.index.has(id)) this.exercised.add(id);
  }

  private requestFields(op: OperationId, body: unknown, mode: Mode | undefined): void {
    const present = presentPaths(body);
    for (const item of this.itemsOf(op, 'request-accepted'))
      if (item.mode === mode && present.has(item.path!)) this.mark(item.id);
    for (const item of this.itemsOf(op, 'request-value'))
      if (present.has(item.path!) && valuesAt(body, item.path!).includes(item.value)) this.mark(item.id);
    for (const item of this.itemsOf(op, 'request-bound'))
      if (item.bound!.side === 'at' && valuesAt(body, item.path!).includes(item.bound!.limit)) this.mark(item.id);
  }

  private rejectedFields(op: Operation, body: unknown, mode: Mode | undefined): void {
    if (!op.requestSchema) return;
    const v = this.opts.schemas.validate(op.requestSchema, body);
    if (v.ok) {
      // A schema-valid chat request rejected for breaking exactly one cross-field rule.
      if (op.id !== 'chat.create' || body === null || typeof body !== 'object' || Array.isArray(body)) return;
      const broken = vllmRuleViolations(body as Record<string, unknown>);
      if (broken.length === 1) this.mark(`${op.id} rule-rejected ${broken[0]!.rule} (${mode})`);
      return;
    }
    for (const e of v.errors) {
      const missing =
        e.keyword === 'required' ? String((e.params as { missingProperty?: string }).missingProperty) : undefined;
      const path = fieldPathOf(e.instancePath, missing);
      this.mark(`${op.id} request-rejected ${path}`);
      if (e.keyword === 'minimum' || e.keyword === 'exclusiveMinimum')
        this.mark(`${op.id} request-bound ${path} below minimum`);
      if (e.keyword === 'maximum' || e.keyword === 'exclusiveMaximum')
        this.mark(`${op.id} request-bound ${path} above maximum`);
    }
  }

  private responseFields(op: OperationId, mode: Mode | undefined, values: readonly unknown[]): void {
    if (!responseSchemasOf(op).some((s) => s.mode === mode)) return;
    const present = new Set<string>();
    for (const v of values) presentPaths(v, present);
    for (const item of this.itemsOf(op, 'response'))
      if (item.mode === mode && present.has(item.path!)) this.mark(item.id);
    // Ids of the configured project's records, for the scoping probes.
    for (const v of values) {
      if (v === null || typeof v !== 'object') continue;
      for (const [k, id] of Object.entries(v))
        if (typeof id === 'string' && k.endsWith('_id')) memo(this.knownIds, k, () => new Set()).add(id);
    }
  }

  private scope(op: Operation, params: Record<string, string>): void {
    const { entity, project } = this.opts.target;
    const otherEntity = params.entity !== undefined && params.entity !== entity && params.project === project;
    const otherProject = params.project !== undefined && params.project !== project && params.entity === entity;
    if (!otherEntity && !otherProject) return;
    // A read counts only for an id known from the configured project.
    const idParam = Object.keys(params).find((p) => p !== 'entity' && p !== 'project');
    if (idParam !== undefined && !this.knownIds.get(idParam)?.has(params[idParam]!)) return;
    this.mark(`${op.id} scope ${otherEntity ? 'other-entity' : 'other-project'}`);
  }

  /** Whether the request was made in the configured entity and project (or in none). */
  private inOwnScope(params: Record<string, string>): boolean {
    return (
      (params.entity === undefined || params.entity === this.opts.target.entity) &&
      (params.project === undefined || params.project === this.opts.target.project)
    );
  }

  /** Everything the request alone says; returns what the answer's body is to be read against. */
  private observeRequest(request: RecordedRequest, status: number, parsed?: Parsed): SeenRequest | undefined {
    if (!URL.canParse(request.url)) return undefined;
    const url = new URL(request.url);
    const path = url.pathname.startsWith(this.basePath) ? url.pathname.slice(this.basePath.length) : url.pathname;
    const route = matchOperation(request.method, path);
    if (!route) return undefined;
    const { op, params } = route;
    const presentation = classifyAuthorization(request.headers.authorization, op.auth, this.opts.credentials);
    if (presentation !== 'valid') {
      this.mark(`${op.id} auth ${presentation}`);
      return undefined;
    }
    this.scope(op, params);
    const body = parsed && 'request' in parsed ? parsed.request : jsonOrUndefined(request.body);
    const mode: Mode | undefined =
      modesOf(op.id)[0] === undefined
        ? undefined
        : (body as { stream?: unknown } | undefined)?.stream === true
          ? 'streamed'
          : 'non-streamed';
    const ok = is2xx(status);
    if (body !== undefined && op.requestSchema) {
      if (ok) this.requestFields(op.id, body, mode);
      else if (is4xx(status) && status !== 401 && status !== 403 && status !== 429) this.rejectedFields(op, body, mode);
    }
    return { op: op.id, mode, ownScope: this.inOwnScope(params), ok };
  }

  observe(request: RecordedRequest, status: number, bodyText?: string, parsed?: Parsed): void {
    const seen = this.observeRequest(request, status, parsed);
    if (!seen?.ok || !seen.ownScope || bodyText === undefined) return;
    const json = parsed?.answer ?? jsonOrUndefined(bodyText);
    this.responseFields(seen.op, seen.mode, json !== undefined && !Array.isArray(json) ? [json] : lineValues(bodyText));
  }

  /** Runs `observing` (synchronous) and tells `onNew` how many items it exercised first. */
  private counted(observing: () => void, onNew: ((items: number) => void) | undefined): void {
    const before = this.exercised.size;
    observing();
    if (onNew && this.exercised.size > before) onNew(this.exercised.size - before);
  }

  /** Passes a streamed body through, observing its lines once it ends or is closed. */
  private observed(ex: StreamingExchange, onNew: ((items: number) => void) | undefined): StreamingExchange {
    let seen: SeenRequest | undefined;
    this.counted(() => {
      seen = this.observeRequest(ex.request, ex.status);
    }, onNew);
    if (!seen?.ok || !seen.ownScope) return ex;
    const { op, mode } = seen;
    const decoder = new TextDecoder();
    let text = '';
    let lines = 0;
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      this.counted(() => this.responseFields(op, mode, lineValues(text)), onNew);
    };
    const source = ex.chunks;
    const chunks = (async function* () {
      try {
        for await (const chunk of source) {
          if (lines < MAX_LINES_PER_BODY) {
            const part = decoder.decode(chunk, { stream: true });
            text += part;
            lines += part.split('\n').length - 1;
          }
          yield chunk;
        }
      } finally {
        finish();
      }
    })();
    return {
      ...withChunks(ex, chunks),
      async close() {
        finish();
        await ex.close();
      },
    };
  }

  wrap(client: HttpClient, onNew?: (items: number) => void): HttpClient {
    return {
      send: async (spec) => {
        const ex = await client.send(spec);
        this.counted(
          () => this.observe(ex.request, ex.response.status, ex.response.truncated ? undefined : ex.response.bodyText),
          onNew,
        );
        return ex;
      },
      open: async (spec) => this.observed(await client.open(spec), onNew),
    };
  }
}
