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
import type { Evidence } from '../core/result.js';
import { is2xx, isJsonObject, mediaTypeOf } from '../core/values.js';
import { CredentialsJudge } from './credentials-judge.js';
import { excerpt } from '../core/describe.js';
import { presentationOf } from './curl-credentials.js';
import { exchangeEvidence } from './exchange-evidence.js';
import type { RecordedRequest } from '../transport/types.js';
import { judgeErrorText, judgeJsonAnswer } from './json-answer.js';
import { JsonlAnswerJudge, listingAsked } from './jsonl-answer.js';
import { recordLine } from './record-line.js';
import { AnswerRecording } from './answer-recording.js';
import { judgeRequest } from './request-judge.js';
import { RULES, resultId } from './rules.js';
import type { Rule } from '../rules/rule.js';
import type { JudgeContext, Observation } from './judge-context.js';
import type { PresentedCredentials } from './secrets.js';
import { SseAnswerJudge } from './sse-answer.js';
import { shapeOf } from './exchange-shape.js';
import { judgeGreedyPair, judgeReadPair } from './pair-judge.js';
import { judgeRead } from './read-answer.js';
import type { Verdicts } from './verdicts.js';

/** Bytes of a response body kept for evidence. */
const FIRST_BYTES = 2048;
/** Most bytes of one answer `--record-bodies` keeps. */
const RECORDED_ANSWER_BYTES = 16 * 1024 * 1024;
/** Bytes of a streamed body handed to the coverage recorder (its first events or records). */
const COVERAGE_BYTES = 16_384;

/** A body's parts as text (one part, the usual JSON body read at once, with no copy first). */
const textOf = (parts: readonly Buffer[]): string =>
  parts.length === 1 ? parts[0]!.toString('utf8') : Buffer.concat(parts).toString('utf8');

type ResponseKind = 'sse' | 'jsonl' | 'json' | 'none';

interface PendingBreach {
  readonly rule: Rule;
  readonly expected: string;
  readonly actual: string;
}

export class ExchangeJudge {
  private readonly started = performance.now();
  private readonly pending: PendingBreach[] = [];
  /** §5 on this exchange (undefined outside the interface). */
  private readonly credentialsJudge: CredentialsJudge | undefined;
  // The request body.
  private requestParts: Buffer[] = [];
  private requestBytes = 0;
  private requestOver = false;
  private requestEnded = false;
  private requestText: string | undefined;
  private requestBody: unknown;
  /** The body breaks the request schema however a lax validator reads it: what a server must refuse. */
  private refusable: string | undefined;
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
  /** `--record-bodies`: the whole answer, and when its head came. */
  private answer: AnswerRecording | undefined;
  private headAt = 0;
  private jsonl: JsonlAnswerJudge | undefined;
  /** This exchange's verdicts, for the framing judges: the rule judged on the operation, a breach kept. */
  private readonly verdicts: Verdicts;
  /** Bytes since the last newline of a streamed body: a line longer than the cap stops its judging. */
  private openLine = 0;
  private streamAbandoned: string | undefined;
  /** The server did not answer completely: the tool error, reported as an error result. */
  private errors: { code: string; message: string } | undefined;
  private done = false;
  /** When the exchange ended (its answer, its failure, its abandonment). */
  private endedAt = 0;
  /** Its line in the `--record` file, once recorded. */
  private recorded: number | undefined;

  constructor(
    private readonly ctx: JudgeContext,
    private readonly op: Operation | undefined,
    private readonly request: Omit<RecordedRequest, 'body'>,
    private readonly credentials: PresentedCredentials,
    /** The path parameters of the operation's template (`prediction_id`, `training_job_id`, …). */
    private readonly params: Readonly<Record<string, string>> = {},
  ) {
    this.verdicts = {
      judged: (rule) => op && ctx.findings.judged(rule, op.id),
      breach: (rule, expected, actual) => this.breach(rule, expected, actual),
      ...(op ? { seen: () => ({ operation: op.id, evidence: this.evidence('', '') }) } : {}),
      startedAt: () => performance.timeOrigin + this.started,
    };
    if (op)
      this.credentialsJudge = new CredentialsJudge(op, request.headers.authorization, ctx.configured, this.verdicts);
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
    if (this.requestBytes > 0 && !this.requestOver) this.requestText = textOf(this.requestParts);
    this.requestParts = [];
    if (!op.requestSchema || this.requestOver) return;
    const seen = judgeRequest(
      op,
      op.requestSchema,
      this.request.headers['content-type'],
      this.requestText,
      this.ctx.schemas,
      this.verdicts,
    );
    this.requestBody = seen.body;
    this.refusable = seen.refusable;
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

  /**
   * The answer's status and headers, as they went on to the client. `at` (each step's): when it
   * happened, on `performance.now()`'s clock; the proxy judges a turn's steps after forwarding
   * them (src/proxy/judge-queue.ts), and the times it measures are the traffic's, not the judging's.
   */
  responseHead(status: number, headers: Record<string, string>, at = performance.now()): void {
    this.status = status;
    this.responseHeaders = headers;
    const op = this.op;
    if (!op) return;
    const { findings } = this.ctx;
    const ok = is2xx(status);
    this.credentialsJudge?.status(status, this.verdicts);
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
    this.observed = this.ctx.sample(shapeOf(op.id, status, this.request.headers.authorization, this.requestBody));
    if (this.request.method === 'HEAD' || status === 204 || status === 304) this.kind = 'none';
    else if (ok && op.id === 'chat.create' && type === 'text/event-stream') this.kind = 'sse';
    else if (ok && op.jsonl) this.kind = 'jsonl';
    else this.kind = 'json';
    if (this.ctx.record && this.ctx.recordBodies && this.kind !== 'none') {
      this.answer = new AnswerRecording(type === 'text/event-stream', RECORDED_ANSWER_BYTES);
      this.headAt = at;
    }
    if (this.kind === 'sse') this.sse = new SseAnswerJudge(this.requestBody, this.ctx, headers);
    else if (this.kind === 'jsonl')
      this.jsonl = new JsonlAnswerJudge(
        op,
        status,
        headers['content-type'],
        this.ctx.schemas,
        this.verdicts,
        listingAsked(this.request.url, this.ctx.listParams),
        this.params,
        this.ctx.pairs,
      );
  }

  /** A chunk of the answer, already on its way to the client. */
  responseChunk(chunk: Buffer, at = performance.now()): void {
    if (this.firstLength < FIRST_BYTES) {
      const part = chunk.subarray(0, FIRST_BYTES - this.firstLength);
      this.first.push(part);
      this.firstLength += part.length;
    }
    if (!this.op || this.kind === 'none') return;
    this.answer?.push(chunk, at - this.headAt);
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
    if (this.sse) this.sse.push(chunk, at - this.started);
    else if (this.jsonl) this.jsonl.push(chunk);
  }

  /**
   * The answer ended (`cut`: the server's body broke off, with the reason). The server's side is
   * judged, every breach of the exchange is recorded with its evidence, and the exchange is observed
   * for coverage.
   */
  responseEnd(cut?: { code: string; message: string }, at = performance.now()): void {
    if (this.done) return;
    this.settleRequest();
    this.done = true;
    this.endedAt = at;
    const op = this.op;
    if (!op) return;
    const { findings } = this.ctx;
    let coverageBody: string | undefined;
    let answer: Record<string, unknown> | undefined; // as judged (a valid JSON object): not parsed again for coverage
    if (this.kind === 'json' && !this.bodyOver) {
      const text = textOf(this.bodyParts);
      this.bodyParts = [];
      if (!cut) {
        answer = judgeJsonAnswer(
          op,
          this.status,
          this.responseHeaders['content-type'],
          text,
          this.ctx.schemas,
          this.verdicts,
          { request: this.requestBody, headers: this.responseHeaders, priorityScheduling: this.ctx.priorityScheduling },
        );
        judgeRead(op, this.params, this.status, answer, this.verdicts, this.ctx.pairs);
        if (this.ctx.pairs && this.credentialsJudge?.mayRead !== false)
          judgeReadPair(this.ctx.pairs, this.verdicts, op, this.params, this.status, text);
      }
      if (!cut && this.status >= 400) judgeErrorText(this.status, text, this.verdicts);
      if (!cut) this.credentialsJudge?.refusalBody(this.status, text, this.verdicts);
      coverageBody = cut ? undefined : text;
    } else if (this.kind === 'sse' && this.sse) this.sse.finish(at - this.started, this.verdicts, !cut);
    if (!cut && this.kind !== 'sse' && is2xx(this.status))
      this.ctx.timing?.record(op.id, 'latency_ms', at - this.started);
    if (op.id === 'chat.create' && !cut && this.ctx.pairs && is2xx(this.status))
      judgeGreedyPair(
        this.ctx.pairs,
        this.verdicts,
        this.requestBody,
        this.sse?.length,
        this.kind === 'json' ? (coverageBody ?? '') : undefined,
      );
    if (this.kind === 'jsonl' && this.jsonl) this.jsonl.finish(this.verdicts, cut);
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
    if (this.refusable !== undefined) {
      findings.judged(RULES.acceptsInvalidBody, op.id);
      if (is2xx(this.status))
        this.breach(
          RULES.acceptsInvalidBody,
          `a 4xx to a body that breaks ${op.requestSchema} however a lax validator reads it: ${this.refusable}`,
          `HTTP ${this.status}: the request was served`,
        );
    }
    findings.judged(RULES.answers, op.id);
    if (cut) this.errors = { code: cut.code, message: cut.message };
    this.flush(op);
    if (this.observed)
      this.ctx.observe(
        { ...this.request, ...(this.requestText !== undefined ? { body: this.requestText } : {}) },
        this.status,
        coverageBody,
        this.credentials,
        this.observed,
        { ...(this.requestBody !== undefined ? { request: this.requestBody } : {}), ...(answer ? { answer } : {}) },
      );
  }

  /** The server never answered (refused, reset, timed out before its headers). */
  upstreamFailed(code: string, message: string, at = performance.now()): void {
    if (this.done) return;
    this.settleRequest();
    this.done = true;
    this.endedAt = at;
    if (!this.op) return;
    this.ctx.findings.judged(RULES.answers, this.op.id);
    this.errors = { code, message };
    this.flush(this.op);
  }

  /**
   * The exchange will not finish under judgement (the client went away, or the proxy stops): the
   * client's side is still reported when the request was whole; the answer is left unjudged.
   * Returns false when the exchange had already ended.
   */
  abandon(at = performance.now()): boolean {
    if (this.done) return false;
    this.done = true;
    this.endedAt = at;
    if (!this.op || !this.requestEnded) return true;
    const clientSide = this.pending.filter((p) => p.rule.side === 'client');
    this.pending.length = 0;
    this.pending.push(...clientSide);
    this.flush(this.op);
    return true;
  }

  private breach(rule: Rule, expected: string, actual: string): void {
    this.pending.push({ rule, expected, actual });
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

  /** The evidence of this exchange (exchange-evidence.ts): the request, what came back, a curl line, its replay. */
  private evidence(expected: string, actual: string, rule?: Rule): Evidence {
    const body = this.requestBodyText();
    const request: RecordedRequest = { ...this.request, ...(body !== undefined ? { body } : {}) };
    const { status, responseHeaders: headers, recorded } = this;
    const seen = {
      op: this.op!,
      request,
      status,
      headers,
      firstBytes: Buffer.concat(this.first).toString('utf8'),
      recorded,
    };
    return exchangeEvidence(this.ctx, seen, expected, actual, rule);
  }

  private flush(op: Operation): void {
    const { findings } = this.ctx;
    const exchange = this.pending.length // its label, built only for a finding
      ? `${this.request.method} ${op.path}${this.status ? ` → ${this.status}` : ''}`
      : '';
    if (this.ctx.record)
      this.recorded = this.ctx.record(
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
                    ...(this.answer ? { recorded: this.answer.result(this.endedAt - this.headAt) } : {}),
                  },
                }
              : {}),
            ...(this.errors ? { error: this.errors } : {}),
            findings: this.pending.map((p) => resultId(p.rule, op.id)),
            credentials: presentationOf(this.request.headers.authorization, op.auth, this.ctx.configured),
          },
          this.ctx.redactor(),
        ),
      );
    for (const p of this.pending) {
      const first = findings.breached(p.rule, op.id, { expected: p.expected, actual: p.actual, exchange }, () =>
        this.evidence(p.expected, p.actual, p.rule),
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
