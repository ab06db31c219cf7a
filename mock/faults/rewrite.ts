/** @module How faults read and rewrite requests, JSON answers, event streams and JSONL listings. */
import { matchOperation, type OperationId } from '../../src/core/operations.js';
import type { RecordKindName } from '../../src/core/record-kinds.js';
import { isJsonObject, jsonOrUndefined } from '../../src/core/values.js';
import type { MockRequest, MockResponse } from '../types.js';

export type Json = Record<string, unknown>;
type Before = (req: MockRequest) => MockRequest | MockResponse;

/** The operation a request is for (a trailing slash ignored, as vLLM ignores it), or undefined. */
export const operationOf = (req: Pick<MockRequest, 'method' | 'path'>): OperationId | undefined =>
  matchOperation(req.method, req.path)?.op.id;

export const isOperation = (req: MockRequest, ...ops: readonly OperationId[]): boolean => {
  const op = operationOf(req);
  return op !== undefined && ops.includes(op);
};

export const isChat = (req: MockRequest): boolean => operationOf(req) === 'chat.create';

/** Where a §4.5–§4.8 request points, as sent (still percent-encoded). */
export interface RecordPath {
  readonly kind: RecordKindName;
  readonly entity: string;
  readonly project: string;
  readonly list: boolean;
  readonly id?: string;
}

export function recordPathOf(req: MockRequest): RecordPath | undefined {
  const op = operationOf(req);
  if (op === undefined || !/^(predictions|scores)\./.test(op)) return undefined;
  const [, , entity, project, kind, id] = req.path.replace(/\/$/, '').split('/') as string[];
  return {
    kind: kind as RecordPath['kind'],
    entity: entity!,
    project: project!,
    list: op.endsWith('.list'),
    ...(id === undefined ? {} : { id }),
  };
}
export const rawText = (req: MockRequest): string => (req.body ? new TextDecoder().decode(req.body) : '');
export const withText = (req: MockRequest, text: string): MockRequest => ({
  ...req,
  body: new TextEncoder().encode(text),
});
export const withJson = (req: MockRequest, body: unknown): MockRequest => withText(req, JSON.stringify(body));

const asObject = (v: unknown): Json | undefined => (isJsonObject(v) ? v : undefined);

/** The request body as a JSON object, or undefined (no body, not JSON, not an object). */
export const jsonBodyOf = (req: MockRequest): Json | undefined => asObject(jsonOrUndefined(rawText(req)));

/** A request body read strictly (UTF-8, JSON): unparseable, a JSON value that is not an object, or an object. */
export type ParsedBody =
  | { kind: 'unparseable' }
  | { kind: 'non-object'; value: unknown }
  | { kind: 'object'; value: Record<string, unknown> };

export function parseJsonBody(req: MockRequest): ParsedBody {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(req.body ?? new Uint8Array()));
    const object = asObject(value);
    return object ? { kind: 'object', value: object } : { kind: 'non-object', value };
  } catch {
    return { kind: 'unparseable' };
  }
}

export const chatBody = (req: MockRequest): Json | undefined => (isChat(req) ? jsonBodyOf(req) : undefined);

/** The body of a request for `op`, read strictly, when it is a JSON object. */
export const strictBody =
  (op: OperationId) =>
  (req: MockRequest): Json | undefined => {
    const p = isOperation(req, op) ? parseJsonBody(req) : undefined;
    return p?.kind === 'object' ? p.value : undefined;
  };

/** A `before` that answers `refusal` instead of the core when the body `bodyOf` reads passes `when`. */
export function refuseWhen(
  bodyOf: (req: MockRequest) => Json | undefined,
  when: (body: Json) => unknown,
  refusal: (body: Json) => MockResponse,
): Before {
  return (req) => {
    const body = bodyOf(req);
    return body && when(body) ? refusal(body) : req;
  };
}

/** A `before` that rewrites the chat body when `when` holds (the body is a fresh copy). */
export function rewriteChatWhen(when: (body: Json) => boolean, rewrite: (body: Json) => void): Before {
  return (req) => {
    const body = chatBody(req);
    if (!body || !when(body)) return req;
    rewrite(body);
    return withJson(req, body);
  };
}

/** A `before` that drops chat fields when `when` holds: a server that accepts them and ignores them. */
export const dropChatFields = (when: (body: Json) => boolean, ...fields: string[]): Before =>
  rewriteChatWhen(when, (b) => {
    for (const f of fields) delete b[f];
  });

export const ignoreChatField = (field: string): Before => dropChatFields((b) => b[field] !== undefined, field);

/** An `after` that rewrites a copy of a JSON answer whose status passes `statusOk` (default: 200). */
export function rewriteJsonAnswer<B = Json>(
  applies: (req: MockRequest) => boolean,
  rewrite: (body: B, req: MockRequest) => void,
  statusOk: (status: number) => boolean = (s) => s === 200,
): (req: MockRequest, res: MockResponse) => MockResponse {
  return (req, res) => {
    if (!applies(req) || !statusOk(res.status) || typeof res.json !== 'object' || res.json === null) return res;
    const body = structuredClone(res.json) as B;
    rewrite(body, req);
    return { ...res, json: body };
  };
}

/** An `after` that rewrites the `detail[]` of a 422 answer to the requests `applies` picks. */
export function rewriteDetail(applies: (req: MockRequest) => boolean, item: (d: Json) => unknown) {
  return (req: MockRequest, res: MockResponse): MockResponse => {
    const detail = asObject(res.json)?.detail;
    if (!applies(req) || res.status !== 422 || !Array.isArray(detail)) return res;
    return { ...res, json: { detail: detail.map((d: Json) => item(d)) } };
  };
}

export const DONE_EVENT = 'data: [DONE]\n\n';
export const sseFrame = (payload: unknown): string => `data: ${JSON.stringify(payload)}\n\n`;

/** The JSON payload of one SSE event, or undefined (`[DONE]`, a comment, not JSON). */
export function parseEvent<T = Json>(event: string): T | undefined {
  return event.startsWith('data: ') && event !== DONE_EVENT ? (jsonOrUndefined(event.slice(6)) as T) : undefined;
}

/** An `after` that replaces the stream of a chat answer by what `rewrite` makes of it (headers kept). */
export function rewriteChatStream(rewrite: (source: AsyncIterable<string>) => AsyncIterable<string>) {
  return (req: MockRequest, res: MockResponse): MockResponse =>
    isChat(req) && res.stream !== undefined ? { ...res, stream: rewrite(res.stream) } : res;
}

/** An `after` that rewrites a chat answer's event strings; `edit` may return several events, or none. */
export function rewriteEvents(
  edit: (event: string, index: number) => string | string[],
  tail: () => string[] = () => [],
) {
  return rewriteChatStream(async function* (source) {
    let i = 0;
    for await (const event of source) {
      const out = edit(event, i++);
      for (const e of Array.isArray(out) ? out : [out]) yield e;
    }
    for (const e of tail()) yield e;
  });
}

/** Rewrites each JSON chunk of a chat stream (return undefined to drop it, an array for several). */
export function rewriteChunks<C = Json>(edit: (chunk: C, index: number) => C | C[] | undefined) {
  return rewriteEvents((event, i) => {
    const chunk = parseEvent<C>(event);
    if (!chunk) return event;
    const out = edit(chunk, i);
    return out === undefined ? [] : (Array.isArray(out) ? out : [out]).map(sseFrame);
  });
}

/** Rewrites every JSONL line of a streamed body (lines may span chunks; a line that is not JSON passes as it is). */
export async function* mapJsonlRecords(
  stream: AsyncIterable<string>,
  fn: (record: Record<string, unknown>) => unknown,
): AsyncGenerator<string> {
  const map = (line: string): string => {
    if (!line.trim()) return line;
    try {
      return JSON.stringify(fn(JSON.parse(line) as Record<string, unknown>));
    } catch {
      return line;
    }
  };
  let buffer = '';
  for await (const chunk of stream) {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    if (lines.length) yield lines.map(map).join('\n') + '\n';
  }
  if (buffer.trim()) yield map(buffer);
}
