/** @module The catalogue: every check, by area, in the order of reports. */
import type { CheckDefinition } from '../src/core/check.js';
import { acceptanceChecks } from './acceptance/index.js';
import { authChecks } from './auth/index.js';
import { chatCompletionChecks } from './chat-completions/index.js';
import { errorChecks } from './errors/index.js';
import { loadChecks } from './load/index.js';
import { recordChecks } from './records/index.js';
import { streamingChecks } from './streaming/index.js';
import { trainingJobChecks } from './training-jobs/index.js';
import { trajectoryChecks } from './trajectories/index.js';

export const CATALOGUE: readonly CheckDefinition[] = [
  ...authChecks,
  ...acceptanceChecks,
  ...errorChecks,
  ...chatCompletionChecks,
  ...streamingChecks,
  ...trainingJobChecks,
  ...trajectoryChecks,
  ...recordChecks,
  ...loadChecks,
];

const seen = new Set<string>();
for (const c of CATALOGUE) {
  if (seen.has(c.id)) throw new Error(`duplicate check id ${c.id}`);
  seen.add(c.id);
}
