/** @module The checks' preparation (`CheckSchedule.prepare`), in the background, in start order. */
import type { CheckDefinition } from '../core/check.js';

export interface Preparation {
  /** Settles once the check's preparation is done (at once for a check without one): what it threw, if anything. */
  of(check: CheckDefinition): Promise<{ readonly error: unknown } | undefined>;
  readonly all: Promise<void>;
}

export function prepareInOrder(checks: readonly CheckDefinition[]): Preparation {
  const byId = new Map<string, Promise<{ readonly error: unknown } | undefined>>();
  let last: Promise<unknown> = Promise.resolve();
  for (const check of checks) {
    const schedule = check.schedule;
    if (!schedule?.prepare || byId.has(check.id)) continue;
    const done = last
      .then(() => schedule.prepare?.())
      .then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
    byId.set(check.id, done);
    last = done;
  }
  return {
    of: (check) => byId.get(check.id) ?? Promise.resolve(undefined),
    all: last.then(() => undefined),
  };
}
