/**
 * @module The words a table's options add to a replay line, the command a report prints to
 * reproduce a check. Secrets are never written: they come from the environment.
 */
import { shellWord } from '../../../src/transport/curl.js';
import type { CliOption, OptionTable } from './table.js';

/** The replay words of the options of `table` found in `values`, against its defaults or `defaults`. */
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
