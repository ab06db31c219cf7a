/**
 * @module The words a table's options add to a replay line: the command a report prints to
 * reproduce a check (`conformance run --target URL --level should ...`, to which each check appends
 * `--only ID --seed N`). Options marked `replay` are written in table order, `--flag value` when the
 * value is not the default (a boolean as `--flag` when true); those with `replayWords` as the words
 * they give, each value quoted for a POSIX shell where it needs it. Secrets are never written: they
 * come from the environment.
 */
import { shellWord } from '../../../src/transport/curl.js';
import type { CliOption, OptionTable } from './table.js';

/**
 * The replay words of the options of `table` found in `values` (the run's values), against the
 * table's defaults or those in `defaults` (the run's own: the bundled mock's model, say); the
 * options `leaveOut` names have no place in this line.
 */
export function replayWords(
  table: OptionTable,
  values: Readonly<Record<string, unknown>>,
  defaults: Readonly<Record<string, unknown>> = {},
  leaveOut: (option: CliOption) => boolean = () => false,
): string[] {
  const words: string[] = [];
  for (const [flag, option] of Object.entries(table)) {
    if (!(flag in values) || leaveOut(option)) continue;
    const value = values[flag];
    const byDefault = flag in defaults ? defaults[flag] : option.default;
    if (option.replayWords) words.push(...option.replayWords(value, byDefault));
    else if (option.replay && value !== undefined && value !== false && value !== byDefault)
      words.push(`--${flag}`, ...(value === true ? [] : [shellWord(String(value))]));
  }
  return words;
}
