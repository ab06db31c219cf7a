/** @module The write budget (decisions/0005): at most `--max-writes` requests with side effects answered 2xx. */
import { ConformanceError } from '../core/errors.js';
import { OPERATIONS, type Operation } from '../core/operations.js';
import type { CreatedItem, WriteSummary } from '../core/report.js';
import { fail, type FailOutcome } from '../core/result.js';
import { is2xx } from '../core/values.js';
import type { HttpClient, HttpExchange, HttpRequestSpec, RecordedRequest } from '../transport/types.js';

/** A request expected to be refused that the target accepted although the budget was spent. */
export interface AcceptedBeyond {
  readonly request: RecordedRequest;
  readonly status: number;
  /** The whole exchange, when it was read whole (`send`). */
  readonly exchange?: HttpExchange;
}

/** The client one check sends through, and what the budget saw of it. */
interface LedgerClient {
  readonly http: HttpClient;
  /** The first request of this check the target accepted beyond the budget though it should refuse it. */
  acceptedBeyond(): AcceptedBeyond | undefined;
}

export interface WriteLedger {
  wrap(client: HttpClient): LedgerClient;
  summary(): WriteSummary;
  /** Slots left (undefined: no budget); a request never answered keeps its slot. */
  remaining(): number | undefined;
  /** The budget can no longer bind: from now on the requests with side effects go out side by side. */
  unbind(): void;
}

const WRITES = OPERATIONS.filter((o) => o.writes).map((o) => ({
  op: o,
  pattern: new RegExp(`${o.path.replace(/\{\w+\}/g, '([^/]+)')}/?$`),
}));

/** Errors the transport throws before anything is sent (a presentation it cannot build): no slot is kept. */
const NEVER_SENT: ReadonlySet<string> = new Set(['CTS_NO_CREDENTIALS', 'CTS_PRESENTATION_IS_VALID']);

interface Write {
  readonly op: Operation;
  readonly param?: string;
}

/** The operation with side effects a request goes to, if any. */
export function writeOf(spec: HttpRequestSpec): Write | undefined {
  if (spec.method !== 'POST') return undefined;
  for (const w of WRITES) {
    const m = w.pattern.exec(spec.path);
    if (m) return { op: w.op, ...(m[1] !== undefined ? { param: decodeURIComponent(m[1]) } : {}) };
  }
  return undefined;
}

/** `max` undefined: no budget (every write is still recorded, and nothing waits). */
export function createWriteLedger(max: number | undefined): WriteLedger {
  return new Ledger(max);
}

/** What the budget reads of an answer: its status and JSON body, and the whole exchange when read whole. */
type Answered = { status: number; json: unknown; exchange?: HttpExchange };

class Ledger implements WriteLedger {
  /** Requests answered 2xx, and requests never answered (either may have created something). */
  private count = 0;
  private unanswered = 0;
  /** Operations whose refusals are no longer sent beyond the budget, and why. */
  private readonly stopped = new Map<string, 'accepted' | 'unanswered'>();
  private readonly created: CreatedItem[] = [];
  /** With a budget, the requests with side effects go out one after another: each waits for the last. */
  private last: Promise<void> = Promise.resolve();
  /** One at a time while the budget may bind (`unbind`). */
  private serial: boolean;

  constructor(private readonly max: number | undefined) {
    this.serial = max !== undefined;
  }

  summary = (): WriteSummary => ({ max: this.max ?? null, count: this.count, created: [...this.created] });
  remaining = (): number | undefined => (this.max === undefined ? undefined : this.max - this.count - this.unanswered);
  unbind = (): void => {
    this.serial = false;
  };

  wrap(client: HttpClient): LedgerClient {
    let beyondAccepted: AcceptedBeyond | undefined;
    const onBeyond = (b: AcceptedBeyond): void => {
      beyondAccepted ??= b;
    };
    return {
      http: {
        send: (spec) => {
          const w = writeOf(spec);
          if (!w) return client.send(spec);
          const read = (ex: HttpExchange): Answered => ({ status: ex.response.status, json: ex.json, exchange: ex });
          return this.guarded(spec, w, () => client.send(spec), read, onBeyond);
        },
        open: (spec) => {
          const w = writeOf(spec);
          if (!w) return client.open(spec);
          return this.guarded(
            spec,
            w,
            () => client.open(spec),
            (ex) => ({ status: ex.status, json: undefined }),
            onBeyond,
          );
        },
      },
      acceptedBeyond: () => beyondAccepted,
    };
  }

  /** Throws when `spec` (a request to `w`) may not be sent; says whether it goes beyond the budget. */
  private admit(spec: HttpRequestSpec, w: Write): { beyond: boolean } {
    const max = this.max;
    if (max === undefined || this.count + this.unanswered < max) return { beyond: false };
    const spent = `the write budget (--max-writes ${max}) is spent`;
    const where = `${spec.method} ${spec.path} was not sent`;
    if (spec.expect !== 'refusal') throw new ConformanceError('CTS_WRITE_BUDGET', `${spent}: ${where}`);
    const why = this.stopped.get(w.op.id);
    if (why) {
      const op = `${w.op.method} ${w.op.path}`;
      const what =
        why === 'accepted'
          ? `${op} has already accepted a request it should refuse (reported as a failure)`
          : `a request ${op} should refuse went unanswered (it may have created something)`;
      throw new ConformanceError('CTS_WRITE_BUDGET', `${spent} and ${what}: ${where}`);
    }
    return { beyond: true };
  }

  private record(w: Write, json: unknown): void {
    this.count++;
    const id = w.op.id === 'training-jobs.create' ? (json as { id?: unknown } | undefined)?.id : w.param;
    this.created.push({ operation: w.op.id, ...(typeof id === 'string' ? { id } : {}) });
  }

  /** This request's turn while the budget may bind: the request before it to wait for, and what lets the next one go. */
  private turn(): { previous?: Promise<void>; release: () => void } {
    if (!this.serial) return { release: () => undefined };
    const previous = this.last;
    let release = () => undefined as void;
    this.last = new Promise<void>((resolve) => (release = resolve));
    return { previous, release };
  }

  /** Sends one request with side effects under the budget; `read` gives the answer's status and body. */
  private async guarded<T extends { request: RecordedRequest }>(
    spec: HttpRequestSpec,
    w: Write,
    send: () => Promise<T>,
    read: (x: T) => Answered,
    onBeyond: (b: AcceptedBeyond) => void,
  ): Promise<T> {
    const { previous, release } = this.turn();
    if (previous) await previous;
    try {
      const { beyond } = this.admit(spec, w);
      let x: T;
      try {
        x = await send();
      } catch (err) {
        if (!(ConformanceError.is(err) && NEVER_SENT.has(err.code))) {
          this.unanswered++;
          if (beyond) this.stopped.set(w.op.id, 'unanswered');
        }
        throw err;
      }
      const { status, json, exchange } = read(x);
      if (is2xx(status)) {
        this.record(w, json);
        if (beyond) {
          this.stopped.set(w.op.id, 'accepted');
          onBeyond({ request: x.request, status, ...(exchange ? { exchange } : {}) });
        }
      }
      return x;
    } finally {
      release();
    }
  }
}

/** The failure of a check whose request the target accepted beyond the budget though it should refuse it. */
export function acceptedBeyondFailure(b: AcceptedBeyond, max: number | undefined): FailOutcome {
  return fail({
    expected: `a refusal of ${b.request.method} ${b.request.url}: the interface expects a conformant target to refuse this request, which is why it was sent although the write budget (--max-writes ${max}) was spent`,
    actual: `HTTP ${b.status}: the target accepted it (and may have created something)`,
    ...(b.exchange ? { exchange: b.exchange } : {}),
  });
}
