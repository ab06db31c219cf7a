/**
 * @module A planted fault: one rule broken, for proving that the check guarding it can fail
 * (schemathesis's "modifiers"). Faults wrap the mock's core instead of living inside the routes:
 * `before` rewrites the request (e.g. drops a field so a rule is not enforced, or short-circuits
 * with its own response), `after` rewrites the response (its `json`, headers, or `stream`).
 */
import type { OperationId } from '../../src/core/operations.js';
import type { MockRequest, MockResponse } from '../exchange.js';

export interface Fault {
  /** `<area>.<what-breaks>`, e.g. `chat-completions.usage-does-not-add-up`. */
  readonly id: string;
  readonly description: string;
  /** Ids of the checks this fault must make fail (the registry test runs each of them against it). */
  readonly breaks: readonly string[];
  /** Rewrites the request, or answers on its own by returning a response. */
  before?(req: MockRequest, ctx: FaultContext): MockRequest | MockResponse | Promise<MockRequest | MockResponse>;
  /** Rewrites the response. */
  after?(req: MockRequest, res: MockResponse, ctx: FaultContext): MockResponse | Promise<MockResponse>;
}

/** What a fault may need of the mock it is planted in: the credentials it was started with, and the request's operation. */
export interface FaultContext {
  readonly token: string;
  /** `user:password` */
  readonly basic: string;
  /** The §4 operation the request is for (by method and path template), or undefined for any other path. */
  readonly operation?: OperationId | undefined;
}

export function defineFault(fault: Fault): Fault {
  if (!/^[a-z0-9-]+\.[a-z0-9-]+$/.test(fault.id)) throw new Error(`fault id "${fault.id}" must be <area>.<kebab-name>`);
  if (!fault.before && !fault.after) throw new Error(`fault ${fault.id} changes nothing`);
  return Object.freeze({ ...fault });
}

/** True when a value is a response rather than a request (a `before` that answers on its own). */
export function isMockResponse(value: MockRequest | MockResponse): value is MockResponse {
  return typeof (value as MockResponse).status === 'number';
}
