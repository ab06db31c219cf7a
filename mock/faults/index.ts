/** @module Every planted fault, by area. Each area file is owned by the suite that needs it. */
import { acceptanceFaults } from './acceptance.js';
import { authFaults } from './auth.js';
import { chatFaults } from './chat.js';
import { chatMeaningFaults } from './chat-meaning.js';
import { coverageFaults } from './coverage.js';
import { errorFaults } from './errors.js';
import { errorOddInputFaults } from './errors-odd-inputs.js';
import { currentFaultId } from './former-names.js';
import { loadFaults } from './load.js';
import { recordFaults } from './records.js';
import { streamingFaults } from './streaming.js';
import { streamingMeaningFaults } from './streaming-meaning.js';
import { trainingFaults } from './training.js';
import type { Fault } from './types.js';

export type { Fault } from './types.js';
export { defineFault } from './types.js';

export const FAULTS: readonly Fault[] = [
  ...acceptanceFaults,
  ...authFaults,
  ...errorFaults,
  ...errorOddInputFaults,
  ...chatFaults,
  ...chatMeaningFaults,
  ...streamingFaults,
  ...streamingMeaningFaults,
  ...trainingFaults,
  ...recordFaults,
  ...coverageFaults,
  ...loadFaults,
];

const byId = new Map(FAULTS.map((f) => [f.id, f]));
if (byId.size !== FAULTS.length) throw new Error('duplicate fault id in mock/faults');

/** Looks up faults by id (or former id); a fault of your own is taken as it is; an unknown id throws. */
export function resolveFaults(ids: readonly (string | Fault)[]): Fault[] {
  return ids.map((id) => {
    if (typeof id !== 'string') return id;
    const f = byId.get(id) ?? byId.get(currentFaultId(id) ?? '');
    if (!f) throw new Error(`unknown fault "${id}" (\`conformance mock --list-faults\` lists them)`);
    return f;
  });
}
