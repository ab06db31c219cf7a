/**
 * Each command's options are one table (options/): every option has its help, every flag is in its
 * command's `--help`, every default shown there is the one the parser uses.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { CONNECTION_OPTIONS } from '../connection-flags.js';
import { MOCK_USAGE, parseMockArgs } from '../mock-command.js';
import { parseRunOptions } from '../run-options.js';
import { COVERAGE_USAGE, LIST_USAGE, MERGE_USAGE, PROXY_USAGE, RUN_USAGE } from '../usage.js';
import { COVERAGE_OPTIONS, LIST_OPTIONS } from './catalogue.js';
import { helpOf } from './help.js';
import { MERGE_OPTIONS } from './merge.js';
import { MOCK_OPTIONS } from './mock.js';
import { PROXY_OPTIONS } from './proxy.js';
import { RUN_OPTIONS } from './run.js';
import { type CliOption, configValue, type OptionTable } from './table.js';

const COMMANDS: [string, OptionTable, string][] = [
  ['run', RUN_OPTIONS, RUN_USAGE],
  ['proxy', PROXY_OPTIONS, PROXY_USAGE],
  ['mock', MOCK_OPTIONS, MOCK_USAGE],
  ['list', LIST_OPTIONS, LIST_USAGE],
  ['coverage', COVERAGE_OPTIONS, COVERAGE_USAGE],
  ['merge', MERGE_OPTIONS, MERGE_USAGE],
];

/** A default worth saying: not off, not empty. */
const said = (option: CliOption): boolean =>
  option.default !== undefined &&
  option.default !== false &&
  !(Array.isArray(option.default) && !option.default.length);

test.each(COMMANDS)(
  'every option of `%s` has its help, and `--help` lists every flag with it',
  (_name, table, usage) => {
    expect(Object.keys(table).length).toBeGreaterThan(1);
    for (const [flag, option] of Object.entries(table)) {
      expect(option.help.trim(), flag).not.toBe('');
      expect(usage, flag).toMatch(new RegExp(`^  --${flag}\\b`, 'm'));
      // The help is printed whole (wrapped): every word of it is there.
      for (const word of helpOf(table, flag).split(' ')) expect(usage, `--${flag}: ${word}`).toContain(word);
    }
    expect(usage).not.toMatch(/\{[\w.-]+\}/);
  },
);

test.each(COMMANDS)('every default of `%s` worth saying is in its help, from the table', (_name, table) => {
  for (const [flag, option] of Object.entries(table).filter(([, o]) => said(o)))
    expect(option.help, `--${flag} has a default its help does not show`).toContain('{default}');
});

test('the help says where a value also comes from, and a secret has no config key', () => {
  for (const [, table] of COMMANDS)
    for (const [flag, option] of Object.entries(table)) {
      if (option.env !== undefined) expect(option.help, flag).toMatch(/\{\$?env\}/);
      if (option.secret) expect(option.config, flag).toBeUndefined();
    }
});

test("`run` sets each setting from its table, the table's default when no flag is given", () => {
  const cfg = parseRunOptions([], {}, mkdtempSync(join(tmpdir(), 'cts-tables-')));
  // Each value where the run's settings hold it (`into`, a path in RunSettings), TLS in the connection.
  const settingOf = (flag: string, option: CliOption): unknown =>
    flag === 'insecure' ? cfg.settings.connection.tls.insecure : configValue(cfg.settings, option.into!);
  const checked = Object.entries<CliOption>(RUN_OPTIONS).filter(
    ([flag, o]) => o.default !== undefined && (o.into || flag === 'insecure') && flag !== 'model',
  );
  expect(checked.length).toBeGreaterThan(15);
  for (const [flag, option] of checked) expect(settingOf(flag, option), flag).toEqual(option.default);
  // The model's default is the bundled mock's, which the resolver gives it (src/runner/settings.ts).
  expect(cfg.settings.target.model).toBeUndefined();
  // Every option with a config key sets a setting, or is the command's own (targets, selection, gates, connection).
  const own = [
    'target',
    'no-crash-replay',
    'only',
    'skip',
    'expect',
    'min-coverage',
    'allow-gaps',
    'baseline',
    'requirements',
  ];
  for (const [flag, option] of Object.entries<CliOption>(RUN_OPTIONS))
    if (
      option.config &&
      !option.into &&
      !own.includes(flag) &&
      !(flag in CONNECTION_OPTIONS) &&
      option.kind?.schema !== null
    )
      expect.fail(`--${flag} has a config key and sets no setting`);
  const given = parseRunOptions(['--retries', '4', '--list-cap', '9', '--no-crash-replay'], {}, '/nonexistent');
  expect(given.settings).toMatchObject({ maxRetries: 4, crashReplay: false, target: { listReadCap: 9 } });
});

test("`mock` sets every server option from its table, the table's default when no flag is given", () => {
  const options = parseMockArgs([], {}) as unknown as Readonly<Record<string, unknown>>;
  for (const option of Object.values<CliOption>(MOCK_OPTIONS))
    if (option.into !== undefined) expect(options[option.into], option.into).toEqual(option.default);
  const given = parseMockArgs(['--records', '3', '--latency', '7', '--exit-with-parent'], {});
  expect(given).toMatchObject({ records: 3, latencyMs: 7, exitWithParent: true });
});
