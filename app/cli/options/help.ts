/** @module A command's `--help`, from its option table and its layout (../usage.ts). */
import type { CliOption, OptionTable } from './table.js';

interface HelpSection {
  readonly title: string;
  readonly groups: readonly string[];
  /** Lines printed under the title, before the options (a way to stop that is no flag). */
  readonly text?: string;
}

export interface HelpLayout {
  readonly usage: string;
  readonly about: string;
  readonly sections: readonly HelpSection[];
  /** The column where the help of each option starts. */
  readonly column: number;
  /** After the options: the exit codes, what reports hold. */
  readonly after?: string;
}

const WIDTH = 100;
const INDENT = '  ';

/** An option's help with its placeholders (`CliOption.help`) filled in. */
export function helpOf(table: OptionTable, flag: string): string {
  return table[flag]!.help.replace(
    /\{(\$?)(?:([\w-]+)\.)?(default|replayDefault|env)\}/g,
    (_all, dollar: string, other: string | undefined, field: 'default' | 'replayDefault' | 'env') => {
      const option: CliOption | undefined = table[other ?? flag];
      const value = option?.[field];
      if (value === undefined) throw new Error(`--${flag}'s help names {${other ? `${other}.` : ''}${field}}: none`);
      return dollar + (field === 'env' ? String(value) : (option?.kind?.show?.(value) ?? String(value)));
    },
  );
}

/** `--quiet, -q` or `--timeout MS`. */
function label(flag: string, option: CliOption): string {
  return `--${flag}${option.arg ? ` ${option.arg}` : ''}${option.short ? `, -${option.short}` : ''}`;
}

/** `words` in lines of at most WIDTH characters, the first after `first`, the others indented to `column`. */
function wrap(first: string, words: readonly string[], column: number): string[] {
  // A flag too long for the column has its help on the lines below.
  const fits = first.length < column;
  const lines: string[] = fits ? [] : [first];
  let line = fits ? first.padEnd(column) : ' '.repeat(column);
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = ' '.repeat(column);
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  return [...lines, line];
}

/** The options of the groups named, in table order, as help lines. */
function optionLines(table: OptionTable, groups: readonly string[], column: number): string[] {
  return Object.entries(table)
    .filter(([, option]) => groups.includes(option.group))
    .flatMap(([flag, option]) => wrap(`${INDENT}${label(flag, option)}`, helpOf(table, flag).split(' '), column));
}

/** `[--only ID|PREFIX|§N] [--json]`: a usage line's options, `--help` aside. */
export function synopsis(table: OptionTable): string {
  return Object.entries(table)
    .filter(([flag]) => flag !== 'help')
    .map(([flag, option]) => `[${label(flag, option)}]`)
    .join(' ');
}

/** The whole `--help` text. Every option is in a section: one that is not is a mistake in the layout. */
export function helpText(table: OptionTable, layout: HelpLayout): string {
  const listed = new Set(layout.sections.flatMap((s) => s.groups));
  const unlisted = Object.entries(table).filter(([, o]) => !listed.has(o.group));
  if (unlisted.length)
    throw new Error(`${layout.usage}: no section lists ${unlisted.map(([f]) => `--${f}`).join(', ')}`);
  const sections = layout.sections.map((s) =>
    [s.title, ...(s.text ? [s.text] : []), ...optionLines(table, s.groups, layout.column)].join('\n'),
  );
  return `${[layout.usage, layout.about, ...sections, ...(layout.after ? [layout.after] : [])].join('\n\n')}\n`;
}
