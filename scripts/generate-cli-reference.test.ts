import { expect, test } from 'vitest';
import { MOCK_OPTIONS } from '../app/cli/options/mock.js';
import { PROXY_OPTIONS } from '../app/cli/options/proxy.js';
import { RUN_OPTIONS } from '../app/cli/options/run.js';
import { cliReference } from './generate-cli-reference.js';

const doc = cliReference();

test('every option of run, proxy and mock has its row, under its command', () => {
  for (const [command, table] of [
    ['run', RUN_OPTIONS],
    ['proxy', PROXY_OPTIONS],
    ['mock', MOCK_OPTIONS],
  ] as const) {
    const section = doc.split(`## conformance ${command}\n`)[1]!.split('\n## ')[0]!;
    for (const flag of Object.keys(table))
      expect(section, `--${flag}`).toMatch(new RegExp(`^\\| \`--${flag}[ \`]`, 'm'));
  }
});

test('defaults, environment variables and config keys come from the table; a | in a value does not split the row', () => {
  expect(doc).toMatch(/^\| `--max-writes N` \| `10` \| config `maxWrites` \|/m);
  expect(doc).toMatch(/^\| `--token T` \| {2}\| env `CONFORMANCE_TOKEN`; secret: never in a report \|/m);
  expect(doc).toContain('| `--level must\\|should` | `must` |');
  for (const row of doc.split('\n').filter((l) => l.startsWith('| `--')))
    expect(row.replace(/\\\|/g, '').split('|').length, row).toBe(6);
});
