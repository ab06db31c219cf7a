/**
 * Each command's options are one table (options/): every option has its help, every flag is in its
 * command's `--help`, every default shown there is the one the parser uses.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
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

test("`run` uses its table's defaults", () => {
  const cfg = parseRunOptions([], {}, mkdtempSync(join(tmpdir(), 'cts-tables-')));
  // Each value where the run's settings hold it: most under the config key's name, TLS in the
  // connection; writes are always allowed against the bundled mock, whatever the default.
  const settingOf = (flag: string, option: CliOption): unknown =>
    flag === 'insecure' ? cfg.connection.tls.insecure : configValue(cfg, option.config!);
  const checked = Object.entries<CliOption>(RUN_OPTIONS).filter(
    ([flag, o]) => o.default !== undefined && o.config && flag !== 'allow-writes',
  );
  expect(checked.length).toBeGreaterThan(15);
  for (const [flag, option] of checked) expect(settingOf(flag, option), flag).toEqual(option.default);
  expect(cfg.timeoutMs).toBe(RUN_OPTIONS.timeout.default);
});

test("`mock` sets every server option from its table, the table's default when no flag is given", () => {
  const options = parseMockArgs([], {}) as unknown as Readonly<Record<string, unknown>>;
  for (const option of Object.values<CliOption>(MOCK_OPTIONS))
    if (option.into !== undefined) expect(options[option.into], option.into).toEqual(option.default);
  const given = parseMockArgs(['--records', '3', '--latency', '7', '--exit-with-parent'], {});
  expect(given).toMatchObject({ records: 3, latencyMs: 7, exitWithParent: true });
});
