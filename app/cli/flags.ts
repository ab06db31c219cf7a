/**
 * @module The CLI's one flag reader. Every command reads its flags with node's `parseArgs` (strict, no
 * positionals) through `readFlags`, and every mistake, whatever the command, becomes one
 * `CTS_BAD_FLAG` line: the first line of node's message, never a stack.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConformanceError } from '../../src/core/errors.js';

type FlagOptions = NonNullable<ParseArgsConfig['options']>;
type StrictConfig<O extends FlagOptions> = { args: string[]; options: O; strict: true; allowPositionals: false };

/** A bad flag, as the tool error every command reports (exit 2). */
export function badFlag(message: string): ConformanceError {
  return new ConformanceError('CTS_BAD_FLAG', message);
}

/** The flag values of `argv`; an unknown flag or a missing value throws `badFlag`, with `hint` appended. */
export function readFlags<const O extends FlagOptions>(
  argv: string[],
  options: O,
  hint?: string,
): ReturnType<typeof parseArgs<StrictConfig<O>>>['values'] {
  try {
    return parseArgs<StrictConfig<O>>({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    const line = (err as Error).message.split('\n')[0] || 'bad flag';
    throw badFlag(hint ? `${line} (${hint})` : line);
  }
}

/**
 * A whole-number flag within [min, max]; `undefined` when absent. The value may come from the command
 * line (a string) or a config file (a number); both are judged alike.
 */
export function wholeNumberFlag(
  name: string,
  value: string | number | undefined,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'number' ? value : /^-?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw badFlag(`--${name} takes a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}
