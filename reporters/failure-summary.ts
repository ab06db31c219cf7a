/** @module The verdict and what failed, in a few lines for a CI log, so that a red job says why. */
import { gates, type RunReport } from '../src/core/report.js';
import { plural } from '../src/core/words.js';
import { verdictOf } from '../src/gating/verdict.js';
import { whatBroke } from './_internal/broke.js';
import { findingsOf } from './_internal/findings.js';
import { outcomeOf } from './_internal/outcome.js';
import { painter, terminalSafe } from './_internal/terminal.js';

export interface FailureSummaryOptions {
  /** The report files written: the last line points to them. */
  readonly written?: readonly string[];
  /** Also named in the pointer: e.g. the job summary the Markdown report was appended to. */
  readonly alsoIn?: readonly string[];
  /** Failure lines at most, over every target. @defaultValue 20 */
  readonly max?: number;
  /** ANSI colour (the CLI turns it on when stderr is a terminal). @defaultValue false */
  readonly color?: boolean;
}

/** Renders the summary (newline-terminated). */
export function renderFailureSummary(reports: readonly RunReport[], options: FailureSummaryOptions = {}): string {
  const paint = painter(options.color ?? false);
  const max = options.max ?? 20;
  const out: string[] = [];
  let room = max;
  for (const f of findingsOf(reports)) {
    const report = f.report;
    const v = verdictOf(report);
    const where = reports.length > 1 ? ` (${terminalSafe(f.name)})` : '';
    const colour = v.word === 'NOT CONFORMANT' ? 'red' : v.word === 'CONFORMANT' ? 'green' : 'yellow';
    // A proxy's findings about its clients are reported, never gating (app/cli/proxy-command.ts).
    const clients = report.origin?.side === 'clients' ? "; the clients' findings do not set the exit code" : '';
    out.push(`${paint('bold', `Verdict${where}:`)} ${paint(colour, terminalSafe(v.line))}${clients}`);
    // Gating failures in the order a person acts on them (root causes first).
    const failing = f.actionable.filter((r) => gates(r, report.level));
    const shown = failing.slice(0, Math.max(0, room));
    room -= shown.length;
    for (const r of shown) {
      const tag = outcomeOf(r) === 'error' ? paint('magenta', 'ERROR') : paint('red', 'FAIL ');
      const blocked = f.blocks.get(r.id)?.length;
      const blocks = blocked ? ` (blocks ${plural(blocked, 'check', 'checks')})` : '';
      out.push(`  ${tag} ${terminalSafe(r.id)}: ${terminalSafe(whatBroke(r))}${blocks}`);
    }
    if (shown.length < failing.length)
      out.push(`  … and ${plural(failing.length - shown.length, 'more failure', 'more failures')}`);
    const notGating = f.actionable.filter((r) => !gates(r, report.level)).length;
    if (notGating)
      out.push(
        `  (and ${plural(notGating, 'failure', 'failures')} of a level that does not gate at level ${report.level})`,
      );
  }
  const places = [...(options.written ?? []), ...(options.alsoIn ?? [])].map(terminalSafe);
  if (places.length) out.push(`Reports: ${places.join(', ')}`);
  return out.length ? out.join('\n') + '\n' : '';
}
