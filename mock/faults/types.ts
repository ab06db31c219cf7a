/** @module A planted fault: one rule broken around the core, proving the check guarding it can fail. */
import type { OperationId } from '../../src/core/operations.js';
import type { MockRequest, MockResponse } from '../exchange.js';

export interface Fault {
  /** `<area>.<what-breaks>`, e.g. `chat-completions.usage-does-not-add-up`. */
  readonly id: string;
  readonly description: string;
  /** Ids of the checks this fault must make fail (the registry test runs each of them against it). */
  readonly breaks: readonly string[];
  /**
   * The server exits on it (`serverExit`): the check that brings it down is not judged but named by the
   * run's `target.stays-up` finding, which fails in its place.
   */
  readonly exits?: boolean;
  before?(req: MockRequest, ctx: FaultContext): MockRequest | MockResponse | Promise<MockRequest | MockResponse>;
  after?(req: MockRequest, res: MockResponse, ctx: FaultContext): MockResponse | Promise<MockResponse>;
}

/** The mock's credentials and the request's §4 operation. */
export interface FaultContext {
  readonly token: string;
  readonly basic: string;
  readonly operation?: OperationId | undefined;
}

export function defineFault(fault: Fault): Fault {
  if (!/^[a-z0-9-]+\.[a-z0-9-]+$/.test(fault.id)) throw new Error(`fault id "${fault.id}" must be <area>.<kebab-name>`);
  if (!fault.before && !fault.after) throw new Error(`fault ${fault.id} changes nothing`);
  return Object.freeze({ ...fault });
}

/** Faults as rows keyed by their ids, in order. */
export function faultTable(rows: Readonly<Record<string, Omit<Fault, 'id'>>>): Fault[] {
  return Object.entries(rows).map(([id, row]) => defineFault({ id, ...row }));
}

/** True for a `before` that answers on its own. */
export function isMockResponse(value: MockRequest | MockResponse): value is MockResponse {
  return typeof (value as MockResponse).status === 'number';
}
