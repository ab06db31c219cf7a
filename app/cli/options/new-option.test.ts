/**
 * CONTRIBUTING's "a new option of `conformance run`", done here as a contributor does it and nothing
 * else: one entry more in the run's table, and its default one key more in `RUN_DEFAULTS` (a copy
 * here, the real one being read-only). The third edit, the setting's field in `RunSettings` or
 * `TargetConfig`, only the compiler reads. Parsing (the flag, the config file, neither, a mistake),
 * `--help`, the config file's schema, the replay line and the resolved settings all carry the option,
 * with its default from that one key.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { configSchema } from '../../../scripts/generate-config-schema.js';
import { RUN_DEFAULTS } from '../../../src/core/defaults.js';
import { parseRunOptions, settingsForTarget } from '../run-options.js';
import { helpOf, helpText } from './help.js';
import { wholeNumber } from './kinds.js';
import { RUN_OPTIONS } from './run.js';
import { configValue, resolver, withDefaults } from './table.js';

const DEFAULTS = { ...RUN_DEFAULTS, target: { ...RUN_DEFAULTS.target, maxToolCalls: 3 } };
const TABLE = withDefaults(DEFAULTS, {
  ...RUN_OPTIONS,
  'max-tool-calls': {
    type: 'string',
    arg: 'N',
    help: 'most tool calls a chat case asks for (default {default})',
    group: 'limits',
    kind: wholeNumber(0, 128),
    config: 'maxToolCalls',
    replay: true,
    withReplay: 'refused',
    into: 'target.maxToolCalls',
  },
} as const);
const DEFAULT = DEFAULTS.target.maxToolCalls;
const EMPTY_DIR = mkdtempSync(join(tmpdir(), 'cts-new-option-'));
const parse = (argv: string[]) => parseRunOptions(argv, {}, EMPTY_DIR, TABLE);
const toolCalls = (settings: object): unknown => configValue(settings, 'target.maxToolCalls');

test('--help lists it with its default', () => {
  const groups = [...new Set(Object.values(TABLE).map((o) => o.group))];
  const help = helpText(TABLE, { usage: 'u', about: 'a', column: 31, sections: [{ title: 'All', groups }] });
  expect(helpOf(TABLE, 'max-tool-calls')).toBe(`most tool calls a chat case asks for (default ${DEFAULT})`);
  expect(help).toMatch(
    new RegExp(`^  --max-tool-calls N +most tool calls a chat case asks for \\(default ${DEFAULT}\\)$`, 'm'),
  );
});

test('the config file takes it: its key in the generated schema, read as the flag is', () => {
  expect((configSchema(TABLE).properties as Record<string, unknown>).maxToolCalls).toEqual({
    description: `\`--max-tool-calls\`: most tool calls a chat case asks for (default ${DEFAULT}).`,
    type: 'integer',
    minimum: 0,
    maximum: 128,
  });
  expect(resolver(TABLE, {}, { config: { maxToolCalls: 5 } })('max-tool-calls')).toBe(5);
});

test('parsed into its setting, its default when not given; a mistake is one CTS_BAD_FLAG line', () => {
  expect(toolCalls(parse([]).settings)).toBe(DEFAULT);
  expect(toolCalls(parse(['--max-tool-calls', '5']).settings)).toBe(5);
  for (const argv of [
    ['--max-tool-calls', 'many'],
    ['--replay', 'r.jsonl', '--target', 'http://h:1', '--max-tool-calls', '5'],
  ])
    expect(() => parse(argv)).toThrow(
      expect.objectContaining({ code: 'CTS_BAD_FLAG', message: expect.not.stringContaining('\n') }),
    );
});

test('the replay line carries it when it is not the default', () => {
  expect(parse(['--target', 'http://h:1', '--max-tool-calls', '5']).settings.replayBase).toBe(
    'conformance run --target http://h:1 --max-tool-calls 5',
  );
  expect(parse(['--target', 'http://h:1', '--max-tool-calls', `${DEFAULT}`]).settings.replayBase).toBe(
    'conformance run --target http://h:1',
  );
});

test("the run's settings hold it, for every target", () => {
  const cmd = parse(['--target', 'http://h:1', '--max-tool-calls', '5']);
  expect(toolCalls(settingsForTarget(cmd, 'http://h:1', { checks: [] }))).toBe(5);
  expect(toolCalls(settingsForTarget(parse([]), undefined, { checks: [] }))).toBe(DEFAULT);
});

test('an option that sets a setting with a default says no other default of its own', () => {
  const runs = { ...RUN_OPTIONS.runs, default: RUN_DEFAULTS.runs + 1 };
  expect(() => withDefaults(RUN_DEFAULTS, { runs })).toThrow('--runs: a default of its own');
});
