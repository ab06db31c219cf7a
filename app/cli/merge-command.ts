/**
 * @module `conformance merge REPORT.json...`: merges JSON reports of one run's shards, of several
 * proxies or of replays (src/merge) into one report per target, as a single run would give it.
 */
import { mergedExitCode, mergeReports } from '../../src/merge/merge.js';
import { readReportFiles } from '../../src/merge/inputs.js';
import { baselineFlags, drawnIn, gateReports, openBaseline } from './baseline-gate.js';
import { withoutBaseline } from '../../src/gating/baseline.js';
import { CATALOGUE } from '../../suites/index.js';
import { badFlag, printed, readArgs } from './flags.js';
import { MERGE_OPTIONS } from './options/merge.js';
import { outputsOf } from './options/shared.js';
import { resolver } from './options/table.js';
import { checkOutputPaths, emitOutputs } from './outputs.js';
import { MERGE_USAGE } from './usage.js';

export async function mergeCommand(argv: string[]): Promise<number> {
  const { values, positionals } = readArgs(argv, MERGE_OPTIONS, { hint: 'see conformance merge --help' });
  if (values.help) return printed(MERGE_USAGE);
  if (positionals.length === 0) throw badFlag('conformance merge takes the JSON reports to merge (see --help)');
  const value = resolver(MERGE_OPTIONS, values);
  const cfg = outputsOf(values, (format) => (values as Readonly<Record<string, unknown>>)[format]);
  checkOutputPaths(cfg);
  const flags = baselineFlags(value);
  const opened = openBaseline(flags, new Set(CATALOGUE.map((c) => c.id)));
  const inputs = readReportFiles(positionals);
  // One baseline, applied once to the whole: what each input's own made of it is left out.
  const merged = mergeReports(
    opened ? inputs.map(({ report, ...input }) => ({ ...input, report: withoutBaseline(report) })) : inputs,
    {
      shards: value('shards'),
      order: CATALOGUE.map((c) => c.id),
    },
  ).map((r) =>
    r.origin?.side === 'clients'
      ? r
      : gateReports(
          [r],
          opened,
          flags,
          r.origin?.kind === 'run' ? { driver: 'run', drawn: drawnIn(CATALOGUE) } : { driver: 'traffic' },
        )[0]!,
  );
  await emitOutputs(merged, cfg);
  return mergedExitCode(merged);
}
