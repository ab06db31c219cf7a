/** @module Generates docs/reference/cli.md from the option tables (app/cli/options/*.ts). */
import { COVERAGE_OPTIONS, LIST_OPTIONS } from '../app/cli/options/catalogue.js';
import { helpOf } from '../app/cli/options/help.js';
import { MERGE_OPTIONS } from '../app/cli/options/merge.js';
import { MOCK_OPTIONS } from '../app/cli/options/mock.js';
import { PROXY_OPTIONS } from '../app/cli/options/proxy.js';
import { RUN_OPTIONS } from '../app/cli/options/run.js';
import type { CliOption, OptionTable } from '../app/cli/options/table.js';
import { cell, type GeneratedFile } from './generators.js';

const PATH = 'docs/reference/cli.md';

interface Command {
  readonly name: string;
  readonly synopsis: string;
  readonly about: string;
  readonly table: OptionTable;
}

const COMMANDS: readonly Command[] = [
  {
    name: 'run',
    synopsis: 'conformance run [options]',
    about:
      'Runs the check catalogue against a target (without `--target`, the bundled mock in-process); with `--replay FILE`, judges a `conformance proxy --record` file sent again to the target.',
    table: RUN_OPTIONS,
  },
  {
    name: 'proxy',
    synopsis: 'conformance proxy --target URL [options]',
    about: 'A judging proxy between your clients and a deployment: every exchange forwarded unchanged and judged.',
    table: PROXY_OPTIONS,
  },
  {
    name: 'mock',
    synopsis: 'conformance mock [options]',
    about: 'The bundled reference mock as a standalone HTTP server.',
    table: MOCK_OPTIONS,
  },
  {
    name: 'merge',
    synopsis: 'conformance merge REPORT.json... [options]',
    about: 'Merges the JSON reports of one run’s shards, or of several proxies, into one report and one verdict.',
    table: MERGE_OPTIONS,
  },
  {
    name: 'list',
    synopsis: 'conformance list [options]',
    about: 'Prints the check catalogue (also in [docs/checks.md](../checks.md)).',
    table: LIST_OPTIONS,
  },
  {
    name: 'coverage',
    synopsis: 'conformance coverage [options]',
    about: 'Prints the coverage model: every part of the interface a full run exercises.',
    table: COVERAGE_OPTIONS,
  },
];

/** The heading of each group of options; a group not named here is headed by its own name. */
const GROUP_TITLES: Readonly<Record<string, string>> = {
  target: 'Target',
  connection: 'Reaching the target',
  replay: 'Replay',
  selection: 'Selection and gating',
  limits: 'Cases and limits',
  proxy: 'Proxy',
  stop: 'Stop',
  mock: 'Mock',
  merge: 'Merge',
  options: 'Options',
  reports: 'Reports and output',
  help: 'Help',
};

const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

/** A default as `--help` shows it, or nothing for none (a switch off, an empty list). */
function shown(option: CliOption, value: unknown): string {
  if (value === undefined || value === false || (Array.isArray(value) && value.length === 0)) return '';
  return option.kind?.show ? option.kind.show(value as never) : code(String(value));
}

function flagCell(flag: string, option: CliOption): string {
  const label = `--${flag}${option.arg ? ` ${option.arg}` : ''}`;
  return [code(label), option.short ? code(`-${option.short}`) : '', option.multiple ? '(repeatable)' : '']
    .filter(Boolean)
    .join(' ');
}

function defaultCell(option: CliOption): string {
  const plain = shown(option, option.default);
  const replay = option.replayDefault === undefined ? '' : shown(option, option.replayDefault);
  return [plain, replay ? `${replay} with \`--replay\`` : ''].filter(Boolean).join('; ');
}

function fromCell(option: CliOption, withConfig: boolean): string {
  return [
    option.env ? `env ${code(option.env)}` : '',
    withConfig && option.config ? `config ${code(option.config)}` : '',
    option.secret ? 'secret: never in a report' : '',
    option.withReplay === 'refused' ? 'refused with `--replay`' : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** One command's section: its groups in the order the table first names them, each a table. */
function commandSection(command: Command): string[] {
  const { table } = command;
  // Only `run` reads a config file; the other commands' report options carry a key they never read.
  const withConfig = command.name === 'run';
  const groups = [...new Set(Object.values(table).map((o) => o.group))];
  const lines = [`## conformance ${command.name}`, '', `\`${command.synopsis}\``, '', command.about, ''];
  for (const group of groups) {
    lines.push(
      `### ${GROUP_TITLES[group] ?? group}`,
      '',
      `| option | default | also from | what it does |`,
      '|---|---|---|---|',
    );
    for (const [flag, option] of Object.entries(table).filter(([, o]) => o.group === group))
      lines.push(
        `| ${cell(flagCell(flag, option))} | ${cell(defaultCell(option))} | ${cell(fromCell(option, withConfig))} | ${cell(helpOf(table, flag))} |`,
      );
    lines.push('');
  }
  return lines;
}

export function cliReference(): string {
  return [
    '# CLI reference',
    '',
    '<!-- Generated by `npm run generate` from app/cli/options/*.ts; do not edit. `npm run check:generated` fails when it drifts. -->',
    '',
    'Every option of every command, from the same tables `--help`, the parser and the config file’s schema',
    '(`schemas/config/conformance-config.json`) are read from. A flag wins over its environment variable,',
    'which wins over the config file (`conformance run` only: `conformance.config.json` or `--config FILE`).',
    'Secrets (tokens, passwords) come only from a flag or the environment. Exit codes: `conformance <command> --help`',
    'and the [README](../../README.md#exit-codes).',
    '',
    ...COMMANDS.map((c) => `- [conformance ${c.name}](#conformance-${c.name})`),
    '',
    ...COMMANDS.flatMap(commandSection),
  ].join('\n');
}

export async function generateCliReference(): Promise<GeneratedFile[]> {
  return [{ path: PATH, content: cliReference() }];
}
