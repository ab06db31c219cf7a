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
import { fail, type Evidence } from '../core/result.js';
import { is2xx, isJsonObject, mediaTypeOf } from '../core/values.js';
import {
  classifyAuthorization,
  type ConfiguredCredentials,
  PRESENTATION_LABELS,
  type PresentationId,
} from '../coverage/presentations.js';
import { excerpt } from '../core/describe.js';
import { buildEvidence } from '../runner/evidence.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import type { RecordedRequest } from '../transport/types.js';
import type { Findings } from './findings.js';
import { judgeJsonAnswer } from './json-answer.js';
import { JsonlAnswerJudge, listingAsked } from './jsonl-answer.js';
import { recordLine } from './record-line.js';
import { judgeRequest } from './request-judge.js';
import { RULES, resultId, type ProxyRule, type Side } from './rules.js';
import type { PresentedCredentials } from './secrets.js';
import { SseAnswerJudge } from './sse-answer.js';
import type { GreedySide, Pairs } from './pairs.js';
import { greedyPairKey, streamedCountBreach } from '../rules/chat-answer.js';
import { recordDifference } from '../rules/records.js';
import { parsedJsonOrUndefined, parsedObject, type Verdicts } from './verdicts.js';
import { RECORD_KINDS } from '../core/record-kinds.js';
import { servedData, unauthorizedStatusBreach } from '../rules/auth.js';
import { errorMessageOf, internalsIn } from '../rules/error-shape.js';
import type { Redactor } from '../core/redact.js';

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
  /** What earlier exchanges showed, for the rules that need a pair (src/proxy/pairs.ts). */
  readonly pairs?: Pairs;
  /** Whether the served model uses priority scheduling (§7.1), when the user said (`--priority-scheduling on|off`). */
  readonly priorityScheduling?: boolean;
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
  private sse: SseAnswerJudge | undefined;
  private jsonl: JsonlAnswerJudge | undefined;
  /** This exchange's verdicts, for the framing judges: the rule judged on the operation, a breach kept. */
  private readonly verdicts: Verdicts;
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
    /** The path parameters of the operation's template (`prediction_id`, `training_job_id`, …). */
    private readonly params: Readonly<Record<string, string>> = {},
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
    this.verdicts = {
      judged: (rule) => {
        if (op) ctx.findings.judged(rule, op.id);
      },
      breach: (rule, expected, actual) => this.breach(rule, expected, actual),
    };
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
    this.requestBody = judgeRequest(
      op,
      op.requestSchema,
      this.request.headers['content-type'],
      this.requestText,
      this.ctx.schemas,
      this.verdicts,
    );
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
    if ((this.lacksCredentials || this.otherCredentials) && status >= 400 && status < 500) {
      findings.judged(RULES.answers401, op.id);
      const wrong = unauthorizedStatusBreach(status, true);
      if (wrong) this.breach(RULES.answers401, 'HTTP 401 to a request refused for its credentials', wrong);
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
    if (this.kind === 'sse')
      this.sse = new SseAnswerJudge(this.requestBody, this.ctx.schemas, headers, this.ctx.priorityScheduling);
    else if (this.kind === 'jsonl')
      this.jsonl = new JsonlAnswerJudge(
        op,
        status,
        headers['content-type'],
        this.ctx.schemas,
        this.verdicts,
        listingAsked(this.request.url),
        this.ctx.pairs,
      );
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
    if (this.sse) this.sse.push(chunk, performance.now() - this.started);
    else if (this.jsonl) this.jsonl.push(chunk);
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
      if (!cut)
        judgeJsonAnswer(
          op,
          this.status,
          this.responseHeaders['content-type'],
          text,
          this.ctx.schemas,
          this.verdicts,
          this.params,
          { request: this.requestBody, headers: this.responseHeaders, priorityScheduling: this.ctx.priorityScheduling },
        );
      if (!cut) this.judgePair(op, text);
      if (!cut && this.status >= 400) this.judgeErrorText(text);
      if (!cut && (this.lacksCredentials || this.otherCredentials) && this.status >= 400 && this.status < 500) {
        findings.judged(RULES.refusalServesNoData, op.id);
        const served = servedData(op.id, { json: parsedJsonOrUndefined(text), response: { bodyText: text } });
        if (served)
          this.breach(
            RULES.refusalServesNoData,
            'a refusal that carries no data (§5)',
            `HTTP ${this.status} with ${served}`,
          );
      }
      coverageBody = cut ? undefined : text;
    } else if (this.kind === 'sse' && this.sse) this.sse.finish(performance.now() - this.started, this.verdicts);
    if (op.id === 'chat.create' && !cut) this.judgeGreedyPair(coverageBody ?? (this.kind === 'json' ? '' : undefined));
    else if (this.kind === 'jsonl' && this.jsonl) this.jsonl.finish(this.verdicts, cut);
    if (this.observed && (this.kind === 'sse' || this.kind === 'jsonl'))
      coverageBody = Buffer.concat(this.coverageParts).toString('utf8');
    this.coverageParts = [];
    // A body that is not JSON (the client's breach, judged at requestEnd) served anyway.
    if (op.requestSchema && this.requestText !== undefined && this.requestBody === undefined) {
      findings.judged(RULES.acceptsMalformedJson, op.id);
      if (is2xx(this.status))
        this.breach(
          RULES.acceptsMalformedJson,
          'a 4xx to a body that is not JSON (§1)',
          `HTTP ${this.status}: the request was served`,
        );
    }
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

  /**
   * The same greedy seeded chat request seen streamed and unstreamed (src/proxy/pairs.ts): the same
   * text gives the same number of completion tokens (src/rules/chat-answer.ts, as the suite judges).
   */
  private judgeGreedyPair(text: string | undefined): void {
    const pairs = this.ctx.pairs;
    if (!pairs || !is2xx(this.status) || !isJsonObject(this.requestBody)) return;
    const key = greedyPairKey(this.requestBody);
    if (key === undefined) return;
    let side: GreedySide | undefined;
    if (this.sse?.length) side = { streamed: true, length: this.sse.length };
    else if (text !== undefined) {
      const body = parsedObject(text);
      const choice = Array.isArray(body?.choices)
        ? (body.choices[0] as Record<string, unknown> | undefined)
        : undefined;
      const message = isJsonObject(choice?.message) ? choice.message : undefined;
      const count = isJsonObject(body?.usage) ? body.usage.completion_tokens : undefined;
      if (typeof message?.content === 'string' && typeof count === 'number')
        side = { streamed: false, content: message.content, completionTokens: count };
    }
    if (!side) return;
    const other = pairs.greedyAnswer(key, side);
    if (!other) return;
    const plain = side.streamed ? other : side;
    const streamed = side.streamed ? side : other;
    if (plain.streamed || !streamed.streamed) return;
    if (plain.content !== streamed.length.content) return;
    this.verdicts.judged(RULES.streamedCount);
    const breach = streamedCountBreach(plain.content, plain.completionTokens, streamed.length);
    if (breach) this.breach(RULES.streamedCount, breach.expected, breach.actual);
  }

  /**
   * The rules that need an earlier exchange (src/proxy/pairs.ts): a read of a record listed before,
   * a fetch of a job created before. Remembers what later exchanges will need.
   */
  private judgePair(op: Operation, text: string): void {
    const pairs = this.ctx.pairs;
    if (!pairs) return;
    const ok = is2xx(this.status);
    if (op.id === 'training-jobs.create' && ok) {
      const id = parsedObject(text)?.id;
      if (typeof id === 'string') pairs.jobCreated(id);
      return;
    }
    if (op.id === 'training-jobs.get') {
      const asked = this.params.training_job_id;
      if (asked === undefined || !pairs.wasCreated(asked)) return;
      this.verdicts.judged(RULES.getsCreatedJob);
      if (this.status === 404)
        this.breach(
          RULES.getsCreatedJob,
          `the job ${asked}, created earlier in the traffic`,
          `HTTP 404: ${excerpt(text, 160)}`,
        );
      return;
    }
    const kind = RECORD_KINDS.find((k) => k.readOp === op.id);
    const asked = kind && this.params[kind.idField];
    if (!kind || asked === undefined) return;
    const listed = pairs.listedRecord(kind, asked);
    if (!listed) return;
    this.verdicts.judged(RULES.readsListedRecord);
    if (!ok) {
      this.breach(
        RULES.readsListedRecord,
        `a 2xx answer reading the ${kind.title} ${asked}, listed earlier in the traffic`,
        `HTTP ${this.status}: ${excerpt(text, 160)}`,
      );
      return;
    }
    const read = parsedObject(text);
    const differs = read && recordDifference(listed, read);
    if (differs)
      this.breach(
        RULES.readsListedRecord,
        `the ${kind.title} ${asked} as listed: ${differs.field} ${excerpt(differs.listed, 200)}`,
        `${differs.field} ${excerpt(differs.read, 200)}`,
      );
  }

  /** An error answer's text against the server's internals (src/rules/error-shape.ts, as the suite judges it). */
  private judgeErrorText(text: string): void {
    if (text.trim() === '') return;
    this.verdicts.judged(RULES.errorWithoutInternals);
    const leak = internalsIn(errorMessageOf(parsedObject(text) ?? text)) ?? internalsIn(text);
    if (leak)
      this.breach(
        RULES.errorWithoutInternals,
        "an error message without the server's internals",
        `HTTP ${this.status}: ${leak}: ${excerpt(text, 160)}`,
      );
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

  private flush(op: Operation): void {
    const { findings } = this.ctx;
    const exchange = `${this.label}${this.status ? ` → ${this.status}` : ''}`;
    if (this.ctx.record)
      this.ctx.record(
        recordLine(
          {
            operation: op.id,
            request: this.request,
            requestBody: this.requestBodyText(),
            requestBodyKept: !this.requestOver,
            ...(this.status
              ? {
                  response: {
                    status: this.status,
                    headers: this.responseHeaders,
                    firstBytes: Buffer.concat(this.first),
                  },
                }
              : {}),
            ...(this.errors ? { error: this.errors } : {}),
            findings: this.pending.map((p) => resultId(p.rule, op.id)),
          },
          this.ctx.redactor(),
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
