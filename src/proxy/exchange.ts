/**
 * @module The judge of one exchange passing through the proxy: fed the bytes as they pass, it makes
 * each slot's evidence (src/rules/evidence.ts) and hands it to that slot's rules; it names no rule.
 * Memory is bounded by `maxBodyBytes`.
 */
import { excerpt } from '../core/describe.js';
import { operationLabel, type Operation } from '../core/operations.js';
import type { Evidence } from '../core/result.js';
import { is2xx, isJsonObject, mediaTypeOf } from '../core/values.js';
import { seeRequest } from '../kit/request-seen.js';
import type { ExchangeSeen, RequestSeen } from '../rules/evidence.js';
import { answeredOn } from '../rules/index.js';
import { kindOf, type Side } from '../rules/rule.js';
import { streamAsked } from '../rules/stream-rules.js';
import type { RecordedRequest } from '../transport/types.js';
import { AnswerRecording } from './answer-recording.js';
import { AnswerSeen } from '../kit/answer-seen.js';
import { presentationOf } from './curl-credentials.js';
import { exchangeEvidence, type ExchangeSeenForEvidence } from './exchange-evidence.js';
import { ExchangeVerdicts } from './exchange-verdicts.js';
import { shapeOf } from './exchange-shape.js';
import type { Judged } from './findings.js';
import type { JudgeContext, Observation } from './judge-context.js';
import { ListingReader } from './jsonl-answer.js';
import { recordLine } from './record-line.js';
import type { PresentedCredentials } from './secrets.js';
import { StreamReader } from './sse-answer.js';

/** Bytes of a response body kept for evidence. */
const FIRST_BYTES = 2048;
/** Most bytes of one answer `--record-bodies` keeps. */
const RECORDED_ANSWER_BYTES = 16 * 1024 * 1024;
/** Bytes of a streamed body handed to the coverage recorder (its first events or records). */
const COVERAGE_BYTES = 16_384;

/** A body's parts as text (one part, the usual JSON body read at once, with no copy first). */
const textOf = (parts: readonly Buffer[]): string =>
  parts.length === 1 ? parts[0]!.toString('utf8') : Buffer.concat(parts).toString('utf8');

type Framing = ExchangeSeen['framing'];

export class ExchangeJudge {
  private readonly started = performance.now();
  /** What the exchange was judged on and broke (made with the operation, once known). */
  private verdicts: ExchangeVerdicts | undefined;
  // The request body.
  private requestParts: Buffer[] = [];
  private requestBytes = 0;
  private requestOver = false;
  private requestEnded = false;
  private requestText: string | undefined;
  private seen: RequestSeen | undefined;
  // The response.
  private status = 0;
  private responseHeaders: Record<string, string> = {};
  private framing: Framing = 'none';
  private first: Buffer[] = [];
  private firstLength = 0;
  /** Observed for coverage (decided once the status is known), and the streamed bytes kept for it. */
  private observed: Observation | undefined;
  private coverageParts: Buffer[] = [];
  private coverageLength = 0;
  private bodyParts: Buffer[] = [];
  private bodyBytes = 0;
  private bodyOver = false;
  private stream: StreamReader | undefined;
  private listing: ListingReader | undefined;
  /** `--record-bodies`: the whole answer, and when its head came. */
  private answer: AnswerRecording | undefined;
  private headAt = 0;
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
    /** The path and query as the client sent them. */
    private readonly target = '',
  ) {
    // A kept pair half asks for the evidence when a report is made: the judge's until the exchange
    // ends, then what evidence needs alone (`release`), so that the half does not hold the judge.
    if (op)
      this.verdicts = new ExchangeVerdicts(ctx, op.id, performance.timeOrigin + this.started, () =>
        this.evidence('', ''),
      );
  }

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
    this.verdicts!.bytes = this.requestText?.length ?? 0;
    this.requestParts = [];
    this.seen = seeRequest({
      op,
      method: this.request.method,
      target: this.target,
      params: this.params,
      authorization: this.request.headers.authorization,
      contentType: this.request.headers['content-type'],
      text: this.requestText,
      kept: !this.requestOver,
      settings: this.ctx.settings,
    });
    this.verdicts!.judge('request', this.seen);
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
   * The answer's status and headers. `at` (each step's) is when it happened on `performance.now()`'s
   * clock, so the times measured are the traffic's, not the judging's (src/proxy/judge-queue.ts).
   */
  responseHead(status: number, headers: Record<string, string>, at = performance.now()): void {
    this.status = status;
    this.responseHeaders = headers;
    const op = this.op;
    if (!op) return;
    const ok = is2xx(status);
    const type = mediaTypeOf(headers['content-type']);
    this.observed = this.ctx.sample(shapeOf(op.id, status, this.request.headers.authorization, this.seen?.body));
    if (this.request.method === 'HEAD' || status === 204 || status === 304) this.framing = 'none';
    else if (ok && op.id === 'chat.create' && type === 'text/event-stream') this.framing = 'sse';
    else if (ok && op.jsonl) this.framing = 'jsonl';
    else this.framing = 'json';
    if (this.ctx.record && this.ctx.recordBodies && this.framing !== 'none') {
      this.answer = new AnswerRecording(type === 'text/event-stream', RECORDED_ANSWER_BYTES);
      this.headAt = at;
    }
    if (this.framing === 'sse') this.stream = new StreamReader(this.seen?.body, this.ctx.schemas, this.ctx.timing);
    else if (this.framing === 'jsonl' && this.seen) this.openListing(op, this.seen);
  }

  private openListing(op: Operation, seen: RequestSeen): void {
    const head = new AnswerSeen(seen, this.status, this.responseHeaders, undefined, false, 'jsonl');
    const kind = kindOf(op.id);
    if (!kind) return;
    this.listing = new ListingReader(kind, this.status, this.ctx.schemas, (record, line, bytes) =>
      this.verdicts!.record({ exchange: head, kind, record, line, bytes }),
    );
  }

  /** A chunk of the answer, already on its way to the client. */
  responseChunk(chunk: Buffer, at = performance.now()): void {
    if (this.firstLength < FIRST_BYTES) {
      const part = chunk.subarray(0, FIRST_BYTES - this.firstLength);
      this.first.push(part);
      this.firstLength += part.length;
    }
    if (!this.op || this.framing === 'none') return;
    this.answer?.push(chunk, at - this.headAt);
    if (this.framing === 'json') {
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
      this.stream = undefined;
      this.listing = undefined;
      return;
    }
    if (this.stream) this.stream.push(chunk, at - this.started);
    else if (this.listing) this.listing.push(chunk);
  }

  /** The answer ended (`cut`: the body broke off, with the reason): the server's side is judged. */
  responseEnd(cut?: { code: string; message: string }, at = performance.now()): void {
    if (this.done) return;
    this.settleRequest();
    this.done = true;
    this.endedAt = at;
    const op = this.op;
    const seen = this.seen;
    if (!op || !seen) return;
    const text = this.framing === 'json' && !this.bodyOver ? textOf(this.bodyParts) : undefined;
    this.bodyParts = [];
    const e = new AnswerSeen(seen, this.status, this.responseHeaders, text, cut !== undefined, this.framing);
    this.judgeExchange(e);
    if (!cut && this.framing !== 'sse' && is2xx(this.status))
      this.ctx.timing?.record(op.id, 'latency_ms', at - this.started);
    this.ctx.findings.judged(answeredOn(op.id));
    if (cut) this.errors = { code: cut.code, message: cut.message };
    this.flush(op);
    this.observe(seen, text, e, cut !== undefined);
    this.release(text);
  }

  /** What judging needed and evidence does not: let go once the exchange ended (a kept pair half holds the judge). */
  private release(text: string | undefined): void {
    const v = this.verdicts!;
    // The whole JSON body is its first bytes when they are all of it.
    v.settle(v.halvesKept ? this.seenForEvidence(this.bodyBytes === this.firstLength ? text : undefined) : undefined);
    this.first = [];
    this.seen = undefined;
    this.stream = undefined;
    this.listing = undefined;
    this.answer = undefined;
    this.coverageParts = [];
  }

  /** The slots the ended exchange shows, each to its rules. */
  private judgeExchange(e: AnswerSeen): void {
    const v = this.verdicts!;
    v.judge('exchange', e, streamAsked(e));
    if (this.framing === 'json' && e.request.op.id === 'chat.create' && is2xx(e.status) && !e.cut)
      if (e.schemaProblem === undefined && isJsonObject(e.json) && isJsonObject(e.request.body))
        v.judge(
          'completion',
          { exchange: e, request: e.request.body, completion: e.json, headers: e.headers, streamed: false },
          false,
        );
    if (this.stream) {
      const { verdict, completion } = this.stream.finish(this.endedAt - this.started, !e.cut);
      v.judge('stream', { exchange: e, verdict });
      if (completion && isJsonObject(e.request.body))
        v.judge(
          'completion',
          { exchange: e, request: e.request.body, completion, headers: e.headers, streamed: true },
          true,
        );
    }
    if (this.listing) {
      const l = { exchange: e, kind: kindOf(e.request.op.id)!, ...this.listing.finish() };
      v.judge('listing', l);
      // What the records show of the listing's request stands on a whole, valid listing only.
      if (l.problem === undefined && !e.cut) v.recordsCount();
    }
  }

  /** The exchange observed for coverage, with what was parsed of it already. */
  private observe(seen: RequestSeen, text: string | undefined, e: AnswerSeen, cut: boolean): void {
    if (!this.observed) return;
    let body = cut ? undefined : text;
    if (this.framing === 'sse' || this.framing === 'jsonl') body = Buffer.concat(this.coverageParts).toString('utf8');
    this.coverageParts = [];
    const answer =
      this.framing === 'json' && !cut && e.schemaProblem === undefined && isJsonObject(e.json) ? e.json : undefined;
    this.ctx.observe(
      { ...this.request, ...(this.requestText !== undefined ? { body: this.requestText } : {}) },
      this.status,
      body,
      this.credentials,
      this.observed,
      { ...(seen.body !== undefined ? { request: seen.body } : {}), ...(answer ? { answer } : {}) },
    );
  }

  /** The server never answered (refused, reset, timed out before its headers). */
  upstreamFailed(code: string, message: string, at = performance.now()): void {
    if (this.done) return;
    this.settleRequest();
    this.done = true;
    this.endedAt = at;
    if (!this.op) return;
    this.ctx.findings.judged(answeredOn(this.op.id));
    this.errors = { code, message };
    this.flush(this.op);
  }

  /**
   * The client went away or the proxy stops: the client's side is still reported when the request was
   * whole, the answer left unjudged. False when the exchange had already ended.
   */
  abandon(at = performance.now()): boolean {
    if (this.done) return false;
    this.done = true;
    this.endedAt = at;
    if (!this.op || !this.requestEnded) return true;
    this.verdicts!.clientSideOnly();
    this.flush(this.op);
    return true;
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
  private evidence(expected: string, actual: string, rule?: Judged): Evidence {
    return exchangeEvidence(this.ctx, this.seenForEvidence(), expected, actual, rule?.rule);
  }

  /** What the exchange's evidence is made of. */
  private seenForEvidence(firstBytes = textOf(this.first)): ExchangeSeenForEvidence {
    const body = this.requestBodyText();
    const { method, url, headers: sent } = this.request;
    const request: RecordedRequest =
      body === undefined ? { method, url, headers: sent } : { method, url, headers: sent, body };
    const { status, responseHeaders: headers, recorded } = this;
    return { op: this.op!, request, status, headers, firstBytes, recorded };
  }

  private flush(op: Operation): void {
    const { findings } = this.ctx;
    const say = (side: Side, text: string) => this.ctx.onFirstBreach?.(side, this.ctx.redactor()(text));
    const exchange = this.verdicts!.pending.length // its label, built only for a finding
      ? `${this.request.method} ${op.path}${this.status ? ` → ${this.status}` : ''}`
      : '';
    if (this.ctx.record) this.recorded = this.ctx.record(this.recordLine(op));
    for (const p of this.verdicts!.pending) {
      const { expected, actual } = p.breach;
      const first = findings.breached(p.judged, { expected, actual, exchange }, () =>
        this.evidence(expected, actual, p.judged),
      );
      if (first)
        say(p.side, `${p.side}-side finding: ${operationLabel(op.id)} ${p.judged.id}: ${excerpt(actual, 200)}`);
    }
    this.verdicts!.pending.length = 0;
    if (this.errors) {
      const { code, message } = this.errors;
      const first = findings.errored(answeredOn(op.id), code, message, () =>
        this.evidence('a complete answer', `${code}: ${message}`),
      );
      if (first) say('server', `server did not answer: ${operationLabel(op.id)}: ${code}: ${message}`);
    }
    if (this.streamAbandoned)
      this.ctx.onFirstBreach?.('server', `note: ${operationLabel(op.id)}: ${this.streamAbandoned}`);
  }

  /** This exchange as one line of the `--record` file (record-line.ts), redacted. */
  private recordLine(op: Operation): string {
    const response = this.status
      ? {
          status: this.status,
          headers: this.responseHeaders,
          firstBytes: Buffer.concat(this.first),
          ...(this.answer ? { recorded: this.answer.result(this.endedAt - this.headAt) } : {}),
        }
      : undefined;
    return recordLine(
      {
        operation: op.id,
        request: this.request,
        requestBody: this.requestBodyText(),
        requestBodyKept: !this.requestOver,
        ...(response ? { response } : {}),
        ...(this.errors ? { error: this.errors } : {}),
        findings: this.verdicts!.pending.map((p) => p.judged.id),
        credentials: presentationOf(this.request.headers.authorization, op.auth, this.ctx.settings.configured),
      },
      this.ctx.redactor(),
    );
  }
}
