/** @module Every planted fault, by area. Each area file is owned by the suite that needs it. */
import { authFaults } from './auth.js';
import { chatFaults } from './chat.js';
import { coverageFaults } from './coverage.js';
import { errorFaults } from './errors.js';
import { recordFaults } from './records.js';
import { semanticsFaults } from './semantics.js';
import { streamingFaults } from './streaming.js';
import { trainingFaults } from './training.js';
import type { Fault } from './types.js';

export type { Fault } from './types.js';
export { defineFault } from './types.js';

export const FAULTS: readonly Fault[] = [
  ...authFaults,
  ...errorFaults,
  ...chatFaults,
  ...streamingFaults,
  ...trainingFaults,
  ...recordFaults,
  ...semanticsFaults,
  ...coverageFaults,
];

const byId = new Map(FAULTS.map((f) => [f.id, f]));
if (byId.size !== FAULTS.length) throw new Error('duplicate fault id in mock/faults');

/** Looks up faults by id; an unknown id is a usage error. */
export function resolveFaults(ids: readonly string[]): Fault[] {
  return ids.map((id) => {
    const f = byId.get(id);
    if (!f) throw new Error(`unknown fault "${id}" (\`conformance mock --list-faults\` lists them)`);
    return f;
  });
}
