/**
 * @module The CLI's one flag reader. Every command reads its flags with node's `parseArgs` (strict, no
 * positionals) through `readFlags`, its options given by its table (options/table.ts), and every
 * mistake, whatever the command, becomes one `CTS_BAD_FLAG` line: the first line of node's message,
 * never a stack.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConformanceError } from '../../src/core/errors.js';
import type { FlagValues, OptionTable } from './options/table.js';

type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/** A bad flag, as the tool error every command reports (exit 2). */
export function badFlag(message: string): ConformanceError {
  return new ConformanceError('CTS_BAD_FLAG', message);
}

/** What `parseArgs` needs of a table: each option's type, repeatability and alias. */
function parseArgsOptions(table: OptionTable): FlagOptions {
  return Object.fromEntries(
    Object.entries(table).map(([flag, o]) => [
      flag,
      { type: o.type, ...(o.multiple ? { multiple: true } : {}), ...(o.short ? { short: o.short } : {}) },
    ]),
  );
}

/**
 * `--timeout -5` reads, to node's parser, as an option `-5` with no value ("argument is ambiguous").
 * A value-taking flag followed by a negative number becomes `--timeout=-5`, so the number is judged
 * (and refused) by the flag's own check, with its own message.
 */
function joinNegativeValues(argv: readonly string[], table: OptionTable): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const option = flag.startsWith('--') ? table[flag.slice(2)] : undefined;
    const next = argv[i + 1];
    if (option?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${flag}=${next}`);
      i++;
    } else out.push(flag);
  }
  return out;
}

/**
 * The flags of `argv`, each an option of the command's `table`; an unknown flag or a missing value
 * throws `badFlag`, with `hint` appended. With `negativeNumbers`, a negative number after a flag is
 * its value (`--timeout -5`), not an unknown option.
 */
export function readFlags<T extends OptionTable>(
  argv: readonly string[],
  table: T,
  options: { hint?: string; negativeNumbers?: boolean } = {},
): FlagValues<T> {
  return readArgs(argv, table, { ...options, positionals: false }).values;
}

/** {@link readFlags}, and the words that are not flags (`conformance merge`'s files) when `positionals`. */
export function readArgs<T extends OptionTable>(
  argv: readonly string[],
  table: T,
  {
    hint,
    negativeNumbers = false,
    positionals = true,
  }: { hint?: string; negativeNumbers?: boolean; positionals?: boolean },
): { readonly values: FlagValues<T>; readonly positionals: readonly string[] } {
  const args = negativeNumbers ? joinNegativeValues(argv, table) : [...argv];
  try {
    const parsed = parseArgs({ args, options: parseArgsOptions(table), strict: true, allowPositionals: positionals });
    return { values: parsed.values as FlagValues<T>, positionals: parsed.positionals };
  } catch (err) {
    const line = (err as Error).message.split('\n')[0] || 'bad flag';
    throw badFlag(hint ? `${line} (${hint})` : line);
  }
}
