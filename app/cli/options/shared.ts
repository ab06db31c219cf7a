/** @module Option groups several commands take, defined once (see table.ts). */
import { REPORT_FORMATS } from '../../../reporters/registry.js';
import { DEFAULT_LIST_PARAMS } from '../../../src/core/defaults.js';
import type { Objective } from '../../../src/core/timing.js';
import { objectivesText } from '../../../src/timing/objectives.js';
import { list, objectives, text } from './kinds.js';
import type { CliOption, FlagValues, Kind } from './table.js';

/** A report file; in the config file, judged by the CLI (../config-file.ts), not listed in its schema, so that a new format is one registry entry. */
const reportFile: Kind<string> = { read: (raw) => String(raw), schema: null };

/** `--<format> FILE` for every report format. */
export const REPORT_OPTIONS: Readonly<Record<string, CliOption<string> & { readonly arg: string }>> =
  Object.fromEntries(
    REPORT_FORMATS.map((f) => [
      f.name,
      { arg: 'FILE', help: f.help, group: 'reports', config: f.name, kind: reportFile } as const,
    ]),
  );

/**
 * What a command leaves behind, as `emitOutputs` takes it: the report files asked for, by format name,
 * each as `read` gives it (a flag; for `run`, the config file too), and what `OUTPUT_OPTIONS` ask.
 */
export function outputsOf(flags: FlagValues<typeof OUTPUT_OPTIONS>, read: (format: string) => unknown) {
  const outputs: Record<string, string> = Object.fromEntries(
    REPORT_FORMATS.flatMap((f) => {
      const path = read(f.name);
      return typeof path === 'string' && path !== '' ? [[f.name, path]] : [];
    }),
  );
  const color = flags['no-color'] ? false : undefined;
  return { outputs, quiet: flags.quiet ?? false, forceConsole: flags.console ?? false, color };
}

/** `--slo`: service-level objectives judged on the timing of what the command sees (docs/timing.md). */
export const SLO_OPTION = {
  arg: 'OBJECTIVES',
  help:
    'service-level objectives, each a MUST result of its own (slo.<metric>-p<N>): ttft-p95=500ms,itl-p99=50ms,e2e-p95=5s; ' +
    'ttft, itl, e2e of streamed chat completions, latency of plain ones; a bound in ms or s. Too few samples for the ' +
    'percentile (p95: 20, p99: 100) make it indeterminate (CTS_SLO_INDETERMINATE), not a pass',
  kind: objectives(),
  replayWords: (value: Objective[] | undefined) => (value?.length ? ['--slo', objectivesText(value)] : []),
} as const satisfies Omit<CliOption<Objective[] | undefined>, 'group'>;

/** `--only` or `--skip`: checks by id, id prefix or section, repeated or comma-separated. */
export const checkSelector = (help: string) =>
  ({ multiple: true, arg: 'ID|PREFIX|§N', help, kind: list(), default: [] }) as const;

/** What a command prints while it runs and when it ends. */
export const OUTPUT_OPTIONS = {
  quiet: {
    short: 'q',
    help: 'nothing while running (no progress, no live findings) and no matrix',
    group: 'reports',
  },
  console: { help: 'print the matrix even when stdout is not a terminal', group: 'reports' },
  'no-color': {
    help: 'no colours in the matrix and the progress (as with the NO_COLOR variable)',
    group: 'reports',
  },
} as const;

/** One list-endpoint query parameter's name (not fixed by the spec), in `group`. */
const listParam = <G extends string, K extends keyof typeof DEFAULT_LIST_PARAMS>(what: string, key: K, group: G) =>
  ({
    arg: 'NAME',
    help: `query parameter name of the ${what} in the list endpoints (not fixed by the spec; default {default})`,
    group,
    kind: text(),
    default: DEFAULT_LIST_PARAMS[key],
    // `run`'s config key, setting and replay line (the proxy has none of them).
    config: `listParams.${key}`,
    into: `target.listParams.${key}`,
    replay: true,
  }) as const;

/**
 * `--param-evaluation-run-id`, `--param-limit`, `--param-offset`: the names of the list endpoints'
 * query parameters (§4.5, §4.7: not shown), with which `run` sends listings and the proxy (and `run
 * --replay`) reads and judges them.
 */
export const listParamOptions = <G extends string>(group: G) =>
  ({
    'param-evaluation-run-id': listParam('evaluation run id', 'evaluationRunId', group),
    'param-limit': listParam('page size', 'limit', group),
    'param-offset': listParam('offset', 'offset', group),
  }) as const;
