/**
 * @module The replay line of a run: the command its reports print to reproduce a check (`conformance
 * run --target URL --level should ...`, to which each check appends `--only ID --seed N`), written
 * from the run's settings through `conformance run`'s option table: each option marked `replay` read
 * at the setting it fills (its `into`), the connection settings as their flags, `--replay` and
 * `--exchange` for a replay. The one builder of that line: `conformance run` writes it with this, and
 * so do the library and vitest entries (`replayLineOf`, given to the resolver).
 */
import type { TargetConfig } from '../../../src/core/check.js';
import type { ReplayLineOf, RunInput } from '../../../src/runner/settings.js';
import { connectionValues } from '../connection-flags.js';
import { replayWords } from './replay-line.js';
import { RUN_OPTIONS } from './run.js';
import { type CliOption, configValue, type OptionTable } from './table.js';

/** What a run's replay line is written from. */
export interface ReplayLineRun {
  /** The run's settings, every target's (its URL aside: `targets`), as given or resolved. */
  readonly settings: Omit<RunInput, 'target' | 'checks'> & { readonly target: Partial<TargetConfig> };
  /** The targets' URLs, in order (undefined: the bundled mock). */
  readonly targets: readonly (string | undefined)[];
  /** `--replay FILE` (and `--exchange N`): a replay, whose line leaves out the flags a replay does not take. */
  readonly replay?: string | undefined;
  readonly exchange?: number | undefined;
}

/**
 * The replay line: `conformance run` and the words of each option whose value is not the run's
 * default (the bundled mock's model and writes, a replay's level). Writes are written as the run
 * has them: always on against the bundled mock, their budget only towards a real target.
 */
export function runReplayLine(run: ReplayLineRun, table: OptionTable = RUN_OPTIONS): string {
  const { settings, targets } = run;
  const bundled = targets.every((url) => url === undefined);
  const replaying = run.replay !== undefined;
  const allowWrites = bundled || settings.target.allowWrites === true;
  const values: Record<string, unknown> = {
    replay: run.replay,
    exchange: run.exchange,
    target: targets.map((url) => ({ url, label: undefined })),
    ...(settings.connection ? connectionValues(settings.connection) : {}),
  };
  for (const [flag, option] of Object.entries(table)) {
    const value = option.into === undefined ? undefined : configValue(settings, option.into);
    if (value !== undefined) values[flag] = value;
  }
  values['allow-writes'] = allowWrites;
  values['max-writes'] = allowWrites && !bundled ? settings.target.maxWrites : undefined;
  const { model } = RUN_OPTIONS;
  const defaults = {
    model: bundled ? model.default : undefined,
    'allow-writes': bundled,
  };
  const leaveOut = replaying ? (o: CliOption) => o.withReplay !== undefined : undefined;
  // A secret is never written: its placeholder is, so that the line pasted in a shell with the
  // run's environment reproduces (the bundled mock has its own credentials).
  const placeholders = bundled
    ? []
    : Object.entries(table)
        .filter(([, o]) => o.secret && o.env && o.into && configValue(settings, o.into) !== undefined)
        .flatMap(([flag, o]) => [`--${flag}`, `"$${o.env}"`]);
  return ['conformance', 'run', ...replayWords(table, values, defaults, leaveOut), ...placeholders].join(' ');
}

/** The replay line of one target's resolved settings: what the resolver is given by the library and vitest entries. */
export const replayLineOf: ReplayLineOf = (settings) =>
  runReplayLine({ settings, targets: [settings.target.bundledMock ? undefined : settings.target.baseUrl] });
