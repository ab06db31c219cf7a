/** @module What a run will not exercise, said at its start: writes off, and what the selection leaves out. */
import type { CheckDefinition } from '../core/check.js';
import { OPERATIONS } from '../core/operations.js';
import { plural } from '../core/words.js';

type Check = Pick<CheckDefinition, 'id' | 'operation' | 'level' | 'writes'>;

/** The parts of the start line on what will not be exercised, and why; empty when all is. */
export function describeNotExercised(
  checks: readonly Check[],
  notSelected: readonly Check[],
  options: { readonly allowWrites: boolean; readonly allowGaps?: readonly string[] },
): string[] {
  const out: string[] = [];
  if (!options.allowWrites) {
    const writing = checks.filter((c) => c.writes);
    const must = writing.filter((c) => c.level === 'MUST').length;
    if (writing.length) {
      const ops = [...new Set(writing.map((c) => c.operation))].join(', ');
      const accepted = options.allowGaps?.includes('writes');
      out.push(
        `writes off: ${plural(writing.length, 'check', 'checks')} with side effects (${must} MUST) of ${ops} not run ` +
          `(pass --allow-writes; ${accepted ? 'accepted by --allow-gaps writes' : 'until then the run cannot exit 0: --allow-gaps writes accepts it'})`,
      );
    }
  }
  if (notSelected.length) {
    const run = new Set(checks.map((c) => c.operation));
    const untouched = OPERATIONS.map((o) => o.id).filter((op) => !run.has(op));
    out.push(
      `--only/--skip/--shard leave out ${plural(notSelected.length, 'check', 'checks')}` +
        (untouched.length ? `; operations not exercised at all: ${untouched.join(', ')}` : ''),
    );
  }
  return out;
}
