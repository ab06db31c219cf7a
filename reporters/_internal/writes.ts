/** @module What a run created on the target, in one line the same in every report (for clean-up). */
import type { RunReport } from '../../src/core/report.js';
import { plural } from '../../src/core/words.js';

/** Ids listed in one line at most; the JSON report lists every one. */
const IDS_SHOWN = 20;

/** `Created on the target: 2 training jobs (id1, id2); trajectories logged 3 times (model m); 5 of at most 10 writes (--max-writes)`, or undefined without writes. */
export function writesLine(report: Pick<RunReport, 'writes'>): string | undefined {
  const w = report.writes;
  if (!w) return undefined;
  const budget =
    w.max === null
      ? `${w.count} writes (no budget: the bundled mock)`
      : `${w.count} of at most ${w.max} writes (--max-writes)`;
  if (w.count === 0) return `Created on the target: nothing; ${budget}`;
  const jobs = w.created.filter((c) => c.operation === 'training-jobs.create');
  const logs = w.created.filter((c) => c.operation === 'trajectories.log');
  const parts: string[] = [];
  if (jobs.length) {
    // The bundled mock forgets them when it stops: ids are listed for real targets only.
    const ids = w.max === null ? [] : jobs.flatMap((j) => (j.id ? [j.id] : []));
    const shown =
      ids.slice(0, IDS_SHOWN).join(', ') + (ids.length > IDS_SHOWN ? `, … ${ids.length - IDS_SHOWN} more` : '');
    parts.push(`${plural(jobs.length, 'training job')}${ids.length ? ` (${shown})` : ''}`);
  }
  if (logs.length) {
    const models = [...new Set(logs.flatMap((l) => (l.id ? [l.id] : [])))];
    parts.push(
      `trajectories logged ${plural(logs.length, 'time')}${models.length ? ` (model ${models.join(', ')})` : ''}`,
    );
  }
  return `Created on the target: ${parts.join('; ')}; ${budget}`;
}
