/**
 * @module The CLI's one flag reader (node's `parseArgs`, strict, by the command's option table):
 * every mistake becomes one `CTS_BAD_FLAG` line, never a stack.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConformanceError } from '../../src/core/errors.js';
import { type FlagValues, type OptionTable, typeOf } from './options/table.js';

type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/** A bad flag, as the tool error every command reports (exit 2). */
export function badFlag(message: string): ConformanceError {
  return new ConformanceError('CTS_BAD_FLAG', message);
}

function parseArgsOptions(table: OptionTable): FlagOptions {
  return Object.fromEntries(
    Object.entries(table).map(([flag, o]) => [
      flag,
      { type: typeOf(o), ...(o.multiple ? { multiple: true } : {}), ...(o.short ? { short: o.short } : {}) },
    ]),
  );
}

/** Prints `text` (a command's `--help`, a listing) and gives the exit code of a command that only prints: 0. */
export function printed(text: string): number {
  process.stdout.write(text);
  return 0;
}

/** `--timeout -5` as `--timeout=-5`, so the flag's own check refuses the number, not node's parser. */
function joinNegativeValues(argv: readonly string[], table: OptionTable): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const option = flag.startsWith('--') ? table[flag.slice(2)] : undefined;
    const next = argv[i + 1];
    if (option?.arg !== undefined && next !== undefined && /^-\d/.test(next)) {
      out.push(`${flag}=${next}`);
      i++;
    } else out.push(flag);
  }
  return out;
}

/** The flags of `argv` by the command's `table`; a mistake throws `badFlag`, with `hint` appended. */
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
