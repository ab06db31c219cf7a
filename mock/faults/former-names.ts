/** @module The ids faults had before each was named for its area: a former id still plants its fault. */
import { coverageFaults } from './coverage.js';

const FORMER_PREFIXES: Readonly<Record<string, string>> = {
  chat: 'chat-completions',
  training: 'training-jobs',
};

/** The faults of coverage.ts were once named `coverage.<name>`; their ids now are `<area>.<name>`. */
const FORMERLY_COVERAGE: readonly string[] = coverageFaults.map((f) => f.id);

/** The id a fault has now, given the id it had before (an id that was never renamed: undefined). */
export function currentFaultId(former: string): string | undefined {
  const dot = former.indexOf('.');
  if (dot < 0) return undefined;
  const prefix = former.slice(0, dot);
  const name = former.slice(dot + 1);
  const area = FORMER_PREFIXES[prefix];
  if (area) return `${area}.${name}`;
  if (prefix === 'coverage') return FORMERLY_COVERAGE.find((id) => id.slice(id.indexOf('.') + 1) === name);
  return undefined;
}
