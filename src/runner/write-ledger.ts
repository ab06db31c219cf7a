/**
 * @module The write budget: against a real target a training job is a real (paid) job, so a run
 * sends at most `--max-writes` requests that can create something. Every request to an operation
 * with side effects takes a slot before it is sent and keeps it when answered 2xx (something was
 * created or logged); a refusal gives it back, so the invalid bodies a conformant target rejects
 * cost nothing. With no slot left the request is not sent (`CTS_WRITE_BUDGET`), and the runner
 * reports the check as skipped. What was created is kept, so every report can list it for clean-up.
 */
import { ConformanceError } from '../core/errors.js';
import { OPERATIONS, type Operation } from '../core/operations.js';
import type { CreatedItem, WriteSummary } from '../core/report.js';
import type { HttpClient, HttpRequestSpec } from '../transport/types.js';

export interface WriteLedger {
  wrap(client: HttpClient): HttpClient;
  summary(): WriteSummary;
}

const WRITES = OPERATIONS.filter((o) => o.writes).map((o) => ({
  op: o,
  pattern: new RegExp(`${o.path.replace(/\{\w+\}/g, '([^/]+)')}/?$`),
}));

function writeOf(spec: HttpRequestSpec): { op: Operation; param?: string } | undefined {
  if (spec.method !== 'POST') return undefined;
  for (const w of WRITES) {
    const m = w.pattern.exec(spec.path);
    if (m) return { op: w.op, ...(m[1] !== undefined ? { param: decodeURIComponent(m[1]) } : {}) };
  }
  return undefined;
}

/** `max` undefined: no budget (every write is still recorded). */
export function createWriteLedger(max: number | undefined): WriteLedger {
  let reserved = 0;
  let count = 0;
  const created: CreatedItem[] = [];

  function reserve(spec: HttpRequestSpec): { op: Operation; param?: string } | undefined {
    const w = writeOf(spec);
    if (!w) return undefined;
    if (max !== undefined && reserved >= max) {
      throw new ConformanceError(
        'CTS_WRITE_BUDGET',
        `the write budget (--max-writes ${max}) is spent: ${spec.method} ${spec.path} was not sent`,
      );
    }
    reserved++;
    return w;
  }

  function settle(w: { op: Operation; param?: string } | undefined, status: number | undefined, json: unknown): void {
    if (!w) return;
    if (status === undefined || status < 200 || status >= 300) {
      reserved--;
      return;
    }
    count++;
    const id = w.op.id === 'training-jobs.create' ? (json as { id?: unknown } | undefined)?.id : w.param;
    created.push({ operation: w.op.id, ...(typeof id === 'string' ? { id } : {}) });
  }

  return {
    wrap(client) {
      return {
        async send(spec) {
          const w = reserve(spec);
          // A request that throws (unanswered) keeps its slot: whether it created anything is unknown.
          const ex = await client.send(spec);
          settle(w, ex.response.status, ex.json);
          return ex;
        },
        async open(spec) {
          const w = reserve(spec);
          const ex = await client.open(spec);
          settle(w, ex.status, undefined);
          return ex;
        },
      };
    },
    summary: () => ({ max: max ?? null, count, created: [...created] }),
  };
}
