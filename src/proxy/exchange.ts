/**
 * @module The judge of one exchange passing through the proxy. It is fed the bytes as they pass
 * (request body, then response head and body chunks) and judges on the side: the request against
 * the operation's request schema and rules (client side), the answer's status and shape (server
 * side): §5 credentials, the response schema, an SSE stream event by event with the suite's stream
 * judge, a JSONL listing line by line, the error body's shape. Media types and error shapes are
 * judged by src/rules, the functions the suites' checks call too. Memory per exchange is bounded: a
 * body is kept whole only up to `maxBodyBytes` (what a JSON body needs to be judged), streams are
 * judged as they go and only their first bytes are kept for evidence.
 */
import { operationLabel, type Operation } from '../core/operations.js';
import { RECORD_KINDS } from '../core/record-kinds.js';
import { fail, type Evidence } from '../core/result.js';
import { is2xx, isJsonObject, mediaTypeOf } from '../core/values.js';
import {
  classifyAuthorization,
  type ConfiguredCredentials,
  PRESENTATION_LABELS,
  type PresentationId,
} from '../coverage/presentations.js';
import { vllmRuleViolations } from '../generation/realistic/vllm-rules.js';
import { ChatStreamJudge } from '../kit/chat-stream.js';
import { describeSchemaErrors, excerpt } from '../kit/describe.js';
import { buildEvidence } from '../runner/evidence.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import { JsonlSplitter, type JsonlLine } from '../transport/jsonl.js';
import { SseParser } from '../transport/sse.js';
import type { RecordedRequest } from '../transport/types.js';
import type { Findings } from './findings.js';
import { RULES, resultId, ruleOfStream, type ProxyRule, type Side } from './rules.js';
import type { PresentedCredentials } from './secrets.js';
import { redactHeaders, type Redactor } from '../core/redact.js';
import { isErrorObject, judgeErrorBody } from '../rules/error-shape.js';
import { isJsonlMediaType, isJsonMediaType, JSONL_MEDIA_TYPES } from '../rules/media-types.js';

/** Bytes of a response body kept for evidence. */
const FIRST_BYTES = 2048;
/** Bytes of a streamed body handed to the coverage recorder (its first events or records). */
const COVERAGE_BYTES = 16_384;

/** Why an exchange is observed for coverage: one of the first of its shape, or a sampled repeat. */
export type Observation = 'first' | 'repeat';

/** What every exchange judge shares: the proxy's session. */
export interface JudgeContext {
  readonly schemas: SchemaRegistry;
  readonly findings: Findings;
  /** Largest body (request or JSON response) kept to be judged whole; a longer one is forwarded unjudged. */
  readonly maxBodyBytes: number;
  /** The redactor of every secret learned so far. */
  redactor(): Redactor;
  /** The command line of the session, for evidence. */
  readonly replay: string;
  /**
   * Whether an exchange of this shape (what it could exercise: operation, status, the request's
   * top-level fields) is to be observed for coverage: one of the first of its shape (`first`), a
   * sampled repeat (`repeat`), or not at all (undefined).
   */
  sample(shape: string): Observation | undefined;
  /** The coverage recorder: one exchange, its status and (a bounded part of) its body. */
  observe(
    request: RecordedRequest,
    status: number,
    bodyText: string | undefined,
    credentials: PresentedCredentials,
    observation: Observation,
  ): void;
  /** Said at once when a group gets its first breach (already redacted). */
  onFirstBreach?(side: Side, line: string): void;
  /** `--record`: each ended exchange of the interface, redacted, as one JSON line. */
  record?(line: string): void;
  /** The credentials the target accepts, when the user gave them (`--token`, `--basic`). */
  readonly configured?: ConfiguredCredentials;
}

/** Presentations of other credentials in the path's own scheme: refused by a §5 server. */
const OTHER_CREDENTIALS: ReadonlySet<PresentationId> = new Set([
  'unknown-credentials',
  'token-with-suffix',
  'token-truncated',
  'v1-token-as-basic',
  'right-user-wrong-password',
]);

type ResponseKind = 'sse' | 'jsonl' | 'json' | 'none';

interface PendingBreach {
  readonly rule: ProxyRule;
  readonly expected: string;
  readonly actual: string;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Flattens a header object (undici's or node's) to lower-case name → one string. */
export function flatHeaders(raw: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export class ExchangeJudge {
  private readonly started = performance.now();
  private readonly label: string;
  private readonly pending: PendingBreach[] = [];
  private readonly lacksCredentials: boolean;
  /** The request presents credentials other than the configured ones (only known when configured). */
  private readonly otherCredentials: PresentationId | undefined;
  // The request body.
  private requestParts: Buffer[] = [];
  private requestBytes = 0;
  private requestOver = false;
  private requestEnded = false;
  private requestText: string | undefined;
  private requestBody: unknown;
  // The response.
  private status = 0;
  private responseHeaders: Record<string, string> = {};
  private kind: ResponseKind = 'none';
  private first: Buffer[] = [];
  private firstLength = 0;
  /** Observed for coverage (decided once the status is known), and the streamed bytes kept for it. */
  private observed: Observation | undefined;
  private coverageParts: Buffer[] = [];
  private coverageLength = 0;
  private bodyParts: Buffer[] = [];
  private bodyBytes = 0;
  private bodyOver = false;
  private sse: { parser: SseParser; judge: ChatStreamJudge } | undefined;
  private jsonl: { splitter: JsonlSplitter; problem: string | undefined; lines: number } | undefined;
  /** Bytes since the last newline of a streamed body: a line longer than the cap stops its judging. */
  private openLine = 0;
  private streamAbandoned: string | undefined;
  /** The server did not answer completely: the tool error, reported as an error result. */
  private errors: { code: string; message: string } | undefined;
  private done = false;

  constructor(
    private readonly ctx: JudgeContext,
    private readonly op: Operation | undefined,
    private readonly request: Omit<RecordedRequest, 'body'>,
    private readonly credentials: PresentedCredentials,
  ) {
    const method = request.method;
    this.label = op ? `${method} ${op.path}` : method;
    this.lacksCredentials = op
      ? ['no-credentials', 'malformed', 'other-scheme'].includes(
          classifyAuthorization(request.headers.authorization, op.auth, {}),
        )
      : false;
    const configured = ctx.configured;
    const presented =
      op && configured && (op.auth === 'bearer' ? configured.token : configured.basic) !== undefined
        ? classifyAuthorization(request.headers.authorization, op.auth, configured)
        : undefined;
    this.otherCredentials = presented && OTHER_CREDENTIALS.has(presented) ? presented : undefined;
    if (op) {
      ctx.findings.judged(RULES.credentials, op.id);
      if (this.lacksCredentials)
        this.breach(
          RULES.credentials,
          `credentials in the ${op.auth === 'bearer' ? 'Bearer' : 'Basic'} scheme (§5, ${op.path.slice(0, 3)}/…)`,
          request.headers.authorization === undefined
            ? 'no Authorization header'
            : `an Authorization header that is not ${op.auth === 'bearer' ? 'Bearer <token>' : 'Basic <base64 of user:password>'}`,
        );
    }
  }

  /** A chunk of the request body, on its way to the server. */
  requestChunk(chunk: Buffer): void {
    if (!this.op || this.requestOver) return;
    this.requestBytes += chunk.length;
    if (this.requestBytes > this.ctx.maxBodyBytes) {
      this.requestOver = true;
      this.requestParts = [];
      return;
    }
    this.requestParts.push(chunk);
  }

  /** The request body is complete (or there was none): the client's side is judged. */
  requestEnd(): void {
    if (this.requestEnded) return;
    this.requestEnded = true;
    const op = this.op;
    if (!op) return;
    if (this.requestBytes > 0 && !this.requestOver)
      this.requestText = Buffer.concat(this.requestParts).toString('utf8');
    this.requestParts = [];
    if (!op.requestSchema || this.requestOver) return;
    const { findings } = this.ctx;
    findings.judged(RULES.requestJson, op.id);
    const type = mediaTypeOf(this.request.headers['content-type']);
    const parsed = this.requestText === undefined ? undefined : parseJson(this.requestText);
    if (!parsed?.ok) {
      this.breach(
        RULES.requestJson,
        'a JSON body (§1)',
        this.requestText === undefined ? 'no body' : `a body that is not JSON: ${excerpt(this.requestText, 120)}`,
      );
      return;
    }
    if (type !== 'application/json')
      this.breach(
        RULES.requestJson,
        'Content-Type: application/json (§1)',
        `Content-Type: ${this.request.headers['content-type'] ?? '(none)'}`,
      );
    this.requestBody = parsed.value;
    findings.judged(RULES.requestSchema, op.id);
    const v = this.ctx.schemas.validate(op.requestSchema, parsed.value);
    if (!v.ok)
      this.breach(
        RULES.requestSchema,
        `a body valid against ${op.requestSchema} (${op.section})`,
        describeSchemaErrors(v.errors),
      );
    if (op.id === 'chat.create' && isJsonObject(parsed.value)) {
      // §7.2 is stated; the other cross-field rules are vLLM's. Whether the served model has priority
      // scheduling (§7.1) the proxy cannot know: that rule is left to the server's answer.
      const broken = vllmRuleViolations(parsed.value).filter((r) => r.rule !== 'priority-without-scheduling');
      findings.judged(RULES.section7, op.id);
      findings.judged(RULES.requestRules, op.id);
      const stated = broken.find((r) => r.rule === 'continue-with-generation-prompt');
      if (stated)
        this.breach(
          RULES.section7,
          'continue_final_message and add_generation_prompt never both true (§7.2)',
          stated.message,
        );
      const others = broken.filter((r) => r !== stated);
      if (others.length)
        this.breach(
          RULES.requestRules,
          'a request a vLLM server accepts',
          others.map((r) => `${r.rule}: ${r.message}`).join('; '),
        );
    }
  }

  /**
   * The exchange ends before its request body did (the server answered early, or went away): the
   * part that arrived is not judged, a cut body would read as malformed.
   */
  private settleRequest(): void {
    if (this.requestEnded) return;
    this.requestOver = true;
    this.requestParts = [];
    this.requestEnd();
  }

  /** The answer's status and headers, before they go on to the client. */
  responseHead(status: number, headers: Record<string, string>): void {
    this.status = status;
    this.responseHeaders = headers;
    const op = this.op;
    if (!op) return;
    const { findings } = this.ctx;
    const ok = is2xx(status);
    if (this.lacksCredentials) {
      findings.judged(RULES.credentialsRequired, op.id);
      if (ok)
        this.breach(
          RULES.credentialsRequired,
          `a 401 to a request without ${op.auth === 'bearer' ? 'a Bearer token' : 'Basic credentials'} (§5)`,
          `HTTP ${status}: the request was served`,
        );
    }
    if (this.otherCredentials) {
      findings.judged(RULES.otherCredentialsRefused, op.id);
      if (ok)
        this.breach(
          RULES.otherCredentialsRefused,
          `a 4xx to ${PRESENTATION_LABELS[this.otherCredentials]} (§5)`,
          `HTTP ${status}: the request was served`,
        );
    }
    findings.judged(RULES.no5xx, op.id);
    if (status >= 500 && ![502, 503, 504].includes(status))
      this.breach(RULES.no5xx, 'no 5xx (other than 502, 503, 504)', `HTTP ${status}`);
    const type = mediaTypeOf(headers['content-type']);
    const streamAsked = op.id === 'chat.create' && isJsonObject(this.requestBody) && this.requestBody.stream === true;
    if (streamAsked && ok) {
      findings.judged(RULES.streamContentType, op.id);
      if (type !== 'text/event-stream')
        this.breach(
          RULES.streamContentType,
          'Content-Type: text/event-stream',
          `Content-Type: ${headers['content-type'] ?? '(none)'}`,
        );
    }
    const shape = `${op.id} ${status} ${this.request.headers.authorization === undefined ? '-' : '+'}${isJsonObject(this.requestBody) ? Object.keys(this.requestBody).sort().join(',') : ''}`;
    this.observed = this.ctx.sample(shape);
    if (this.request.method === 'HEAD' || status === 204 || status === 304) this.kind = 'none';
    else if (ok && op.id === 'chat.create' && type === 'text/event-stream') this.kind = 'sse';
    else if (ok && op.jsonl) this.kind = 'jsonl';
    else this.kind = 'json';
    if (this.kind === 'sse') {
      const body = isJsonObject(this.requestBody) ? this.requestBody : {};
      const so = isJsonObject(body.stream_options) ? body.stream_options : {};
      const schemas = this.ctx.schemas;
      this.sse = {
        parser: new SseParser(),
        judge: new ChatStreamJudge({
          n: typeof body.n === 'number' ? body.n : 1,
          includeUsage: so.include_usage === true,
          continuousUsage: so.continuous_usage_stats === true,
          returnTokenIds: body.return_token_ids === true,
          validateChunk: (chunk) => {
            const v = schemas.validate('chat/chat-completion-chunk', chunk);
            return v.ok ? undefined : describeSchemaErrors(v.errors, 3);
          },
        }),
      };
    } else if (this.kind === 'jsonl') {
      this.jsonl = { splitter: new JsonlSplitter(), problem: undefined, lines: 0 };
      findings.judged(RULES.jsonlContentType, op.id);
      if (!isJsonlMediaType(type))
        this.breach(
          RULES.jsonlContentType,
          `Content-Type one of ${JSONL_MEDIA_TYPES.join(', ')}`,
          `Content-Type: ${headers['content-type'] ?? '(none)'}`,
        );
    }
  }

  /** A chunk of the answer, already on its way to the client. */
  responseChunk(chunk: Buffer): void {
    if (this.firstLength < FIRST_BYTES) {
      const part = chunk.subarray(0, FIRST_BYTES - this.firstLength);
      this.first.push(part);
      this.firstLength += part.length;
    }
    if (!this.op || this.kind === 'none') return;
    if (this.kind === 'json') {
      if (this.bodyOver) return;
      this.bodyBytes += chunk.length;
      if (this.bodyBytes > this.ctx.maxBodyBytes) {
        this.bodyOver = true;
        this.bodyParts = [];
      } else this.bodyParts.push(chunk);
      return;
    }
    if (this.observed && this.coverageLength < COVERAGE_BYTES) {
      this.coverageParts.push(chunk);
      this.coverageLength += chunk.length;
    }
    if (this.streamAbandoned) return;
    const nl = chunk.lastIndexOf(0x0a);
    this.openLine = nl === -1 ? this.openLine + chunk.length : chunk.length - nl - 1;
    if (this.openLine > this.ctx.maxBodyBytes) {
      this.streamAbandoned = `a line longer than ${this.ctx.maxBodyBytes} bytes: the rest of the body was forwarded unjudged`;
      this.sse = undefined;
      this.jsonl = undefined;
      return;
    }
    if (this.sse) {
      const at = performance.now() - this.started;
      for (const ev of this.sse.parser.push(chunk)) this.sse.judge.onEvent(ev, at);
    } else if (this.jsonl) {
      for (const line of this.jsonl.splitter.push(chunk)) this.jsonlLine(line);
    }
  }

  private jsonlLine(line: JsonlLine): void {
    const j = this.jsonl!;
    if (j.problem !== undefined || line.text.trim() === '') return;
    j.lines++;
    const kind = RECORD_KINDS.find((k) => k.listOp === this.op!.id)!;
    const parsed = parseJson(line.text);
    if (!parsed.ok) {
      j.problem = line.unterminated
        ? `the last line (${line.number}) ends without a newline and is not complete JSON, a truncated line: ${excerpt(line.text, 160)}`
        : `line ${line.number} is not JSON: ${excerpt(line.text, 160)}`;
      return;
    }
    const value = parsed.value;
    if (!isJsonObject(value)) {
      j.problem = `line ${line.number} is ${Array.isArray(value) ? 'a JSON array' : `the JSON ${value === null ? 'null' : typeof value}`}, not a ${kind.title} object: ${excerpt(line.text, 160)}`;
      return;
    }
    if (isErrorObject(kind, value)) {
      j.problem = `line ${line.number} is an error object after HTTP ${this.status}: ${excerpt(line.text, 160)}`;
      return;
    }
    const v = this.ctx.schemas.validate(kind.schema, value);
    if (!v.ok)
      j.problem = `line ${line.number} is not a valid ${kind.title} (${kind.fieldsSection}): ${describeSchemaErrors(v.errors)}: ${excerpt(line.text, 160)}`;
  }

  /**
   * The answer ended (`cut`: the server's body broke off, with the reason). The server's side is
   * judged, every breach of the exchange is recorded with its evidence, and the exchange is observed
   * for coverage.
   */
  responseEnd(cut?: { code: string; message: string }): void {
    if (this.done) return;
    this.settleRequest();
    this.done = true;
    const op = this.op;
    if (!op) return;
    const { findings } = this.ctx;
    let coverageBody: string | undefined;
    if (this.kind === 'json' && !this.bodyOver) {
      const text = Buffer.concat(this.bodyParts).toString('utf8');
      this.bodyParts = [];
      if (!cut) this.judgeJson(op, text);
      coverageBody = cut ? undefined : text;
    } else if (this.kind === 'sse' && this.sse) {
      const end = this.sse.parser.end();
      const at = performance.now() - this.started;
      for (const ev of end.events) this.sse.judge.onEvent(ev, at);
      const verdict = this.sse.judge.finish(end);
      const body = isJsonObject(this.requestBody) ? this.requestBody : {};
      const so = isJsonObject(body.stream_options) ? body.stream_options : {};
      for (const rule of [
        'json',
        'chunk-shape',
        'one-id',
        'role-first',
        'one-finish',
        'indices',
        'usage',
        'done-last',
        'complete',
        'error-event',
      ] as const)
        findings.judged(ruleOfStream(rule), op.id);
      if (body.return_token_ids === true) findings.judged(ruleOfStream('token-ids'), op.id);
      if (so.continuous_usage_stats === true) findings.judged(ruleOfStream('continuous-usage'), op.id);
      const byRule = new Map<string, string[]>();
      for (const f of verdict.findings) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f.message]);
      for (const [rule, messages] of byRule) {
        const r = ruleOfStream(rule as Parameters<typeof ruleOfStream>[0]);
        this.breach(r, r.requirement, messages.join('; '));
      }
    } else if (this.kind === 'jsonl' && this.jsonl) {
      for (const line of this.jsonl.splitter.end()) this.jsonlLine(line);
      findings.judged(RULES.jsonlRecords, op.id);
      const kind = RECORD_KINDS.find((k) => k.listOp === op.id)!;
      if (this.jsonl.problem)
        this.breach(
          RULES.jsonlRecords,
          `JSONL of ${kind.title} records (${op.section}, ${kind.fieldsSection})`,
          this.jsonl.problem,
        );
      else if (cut)
        this.breach(
          RULES.jsonlRecords,
          `a complete JSONL listing (${op.section})`,
          `the body broke off after ${this.jsonl.lines} line(s): ${cut.message}`,
        );
    }
    if (this.observed && (this.kind === 'sse' || this.kind === 'jsonl'))
      coverageBody = Buffer.concat(this.coverageParts).toString('utf8');
    this.coverageParts = [];
    findings.judged(RULES.answers, op.id);
    if (cut) this.error(cut.code, cut.message);
    this.flush(op);
    if (this.observed)
      this.ctx.observe(
        { ...this.request, ...(this.requestText !== undefined ? { body: this.requestText } : {}) },
        this.status,
        coverageBody,
        this.credentials,
        this.observed,
      );
  }

  /** The server never answered (refused, reset, timed out before its headers). */
  upstreamFailed(code: string, message: string): void {
    if (this.done) return;
    this.settleRequest();
    this.done = true;
    if (!this.op) return;
    this.ctx.findings.judged(RULES.answers, this.op.id);
    this.error(code, message);
    this.flush(this.op);
  }

  /**
   * The exchange will not finish under judgement (the client went away, or the proxy stops): the
   * client's side is still reported when the request was whole; the answer is left unjudged.
   * Returns false when the exchange had already ended.
   */
  abandon(): boolean {
    if (this.done) return false;
    this.done = true;
    if (!this.op || !this.requestEnded) return true;
    const clientSide = this.pending.filter((p) => p.rule.side === 'client');
    this.pending.length = 0;
    this.pending.push(...clientSide);
    this.flush(this.op);
    return true;
  }

  private judgeJson(op: Operation, text: string): void {
    const { findings, schemas } = this.ctx;
    const status = this.status;
    const type = mediaTypeOf(this.responseHeaders['content-type']);
    if (is2xx(status) && op.responseSchema) {
      findings.judged(RULES.responseSchema, op.id);
      const parsed = parseJson(text);
      if (!parsed.ok) {
        this.breach(
          RULES.responseSchema,
          `a JSON body valid against ${op.responseSchema}`,
          `a body that is not JSON: ${excerpt(text, 160) || '(empty)'}`,
        );
        return;
      }
      findings.judged(RULES.jsonContentType, op.id);
      if (!isJsonMediaType(type))
        this.breach(
          RULES.jsonContentType,
          'Content-Type: application/json',
          `Content-Type: ${this.responseHeaders['content-type'] ?? '(none)'}`,
        );
      const v = schemas.validate(op.responseSchema, parsed.value);
      if (!v.ok)
        this.breach(
          RULES.responseSchema,
          `a body valid against ${op.responseSchema} (${op.section})`,
          `${describeSchemaErrors(v.errors)}: ${excerpt(text, 160)}`,
        );
      if (op.id === 'chat.create' && isJsonObject(parsed.value)) {
        const usage = isJsonObject(parsed.value.usage) ? parsed.value.usage : {};
        const { prompt_tokens: p, completion_tokens: c, total_tokens: t } = usage;
        findings.judged(RULES.usageAddsUp, op.id);
        const ints = [p, c, t].every((x) => Number.isInteger(x) && (x as number) >= 0);
        if (!ints || (p as number) + (c as number) !== t)
          this.breach(
            RULES.usageAddsUp,
            'total_tokens = prompt_tokens + completion_tokens (non-negative integers)',
            `prompt_tokens ${String(p)}, completion_tokens ${String(c)}, total_tokens ${String(t)}`,
          );
      }
      return;
    }
    if ((status === 400 || status === 422) && op.requestSchema) {
      const section7 = op.id === 'trajectories.log';
      const rule = section7 ? RULES.errorShape7 : RULES.errorShape;
      findings.judged(rule, op.id);
      const verdict = judgeErrorBody(text, section7 ? 'validation-error' : 'body-rejection', schemas);
      if (!verdict.ok)
        this.breach(rule, rule.requirement, `HTTP ${status}: ${verdict.problem}: ${excerpt(text, 160) || '(empty)'}`);
    }
  }

  private breach(rule: ProxyRule, expected: string, actual: string): void {
    this.pending.push({ rule, expected, actual });
  }

  private error(code: string, message: string): void {
    this.errors = { code, message };
  }

  /** The request body for evidence: as sent, or what stands for one that was not kept. */
  private requestBodyText(): string | undefined {
    return (
      this.requestText ??
      (this.requestOver
        ? `(a body of ${this.requestBytes} bytes, not kept: over the judged size, or not complete)`
        : undefined)
    );
  }

  /** The evidence of this exchange: the client's own request, what came back, and a curl line. */
  private evidence(expected: string, actual: string): Evidence {
    const body = this.requestBodyText();
    const streamRequest: RecordedRequest = { ...this.request, ...(body !== undefined ? { body } : {}) };
    const firstBytes = Buffer.concat(this.first).toString('utf8');
    const outcome = fail({
      expected,
      actual,
      streamRequest,
      ...(this.status ? { streamExcerpt: { status: this.status, headers: this.responseHeaders, firstBytes } } : {}),
    });
    return buildEvidence(outcome, {
      redact: this.ctx.redactor(),
      token: this.credentials.token,
      basic: this.credentials.basic,
      seed: 0,
      replay: this.ctx.replay,
    });
  }

  /** One line of `--record`: the exchange as sent and answered (bodies as judged, the answer's first bytes), redacted. */
  private recordLine(op: Operation, found: readonly string[]): string {
    const redact = this.ctx.redactor();
    const requestBody = this.requestBodyText();
    const entry = {
      at: new Date().toISOString(),
      operation: op.id,
      request: {
        method: this.request.method,
        url: this.request.url,
        headers: redactHeaders({ ...this.request.headers }, redact),
        ...(requestBody !== undefined ? { body: requestBody } : {}),
        // `body` is then a note, not the body: a replay must not send it (src/replay/recording.ts).
        ...(this.requestOver ? { bodyKept: false } : {}),
      },
      ...(this.status
        ? {
            response: {
              status: this.status,
              headers: redactHeaders({ ...this.responseHeaders }, redact),
              firstBytes: Buffer.concat(this.first).toString('utf8'),
            },
          }
        : {}),
      ...(this.errors ? { error: this.errors } : {}),
      findings: found,
    };
    return redact(JSON.stringify(entry));
  }

  private flush(op: Operation): void {
    const { findings } = this.ctx;
    const exchange = `${this.label}${this.status ? ` → ${this.status}` : ''}`;
    if (this.ctx.record)
      this.ctx.record(
        this.recordLine(
          op,
          this.pending.map((p) => resultId(p.rule, op.id)),
        ),
      );
    for (const p of this.pending) {
      const first = findings.breached(p.rule, op.id, { expected: p.expected, actual: p.actual, exchange }, () =>
        this.evidence(p.expected, p.actual),
      );
      if (first)
        this.ctx.onFirstBreach?.(
          p.rule.side,
          this.ctx.redactor()(
            `${p.rule.side}-side finding: ${operationLabel(op.id)} ${p.rule.name}: ${excerpt(p.actual, 200)}`,
          ),
        );
    }
    this.pending.length = 0;
    if (this.errors) {
      const { code, message } = this.errors;
      const first = findings.errored(RULES.answers, op.id, code, message, () =>
        this.evidence('a complete answer', `${code}: ${message}`),
      );
      if (first)
        this.ctx.onFirstBreach?.(
          'server',
          this.ctx.redactor()(`server did not answer: ${operationLabel(op.id)}: ${code}: ${message}`),
        );
    }
    if (this.streamAbandoned)
      this.ctx.onFirstBreach?.('server', `note: ${operationLabel(op.id)}: ${this.streamAbandoned}`);
  }
}
