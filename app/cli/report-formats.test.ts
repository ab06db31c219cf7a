/**
 * The report formats are one table (reporters/registry.ts): every format in it is a flag, a config
 * key, a line of `--help` and a file written, with no other place to touch.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { REPORT_FORMATS } from '../../reporters/registry.js';
import { emitOutputs } from './outputs.js';
import { parseRunOptions } from './run-options.js';
import { RUN_USAGE } from './usage.js';
import { twoTargetRun as sampleReports } from '../../test/fixtures-results/reports.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-formats-'));

test.each(REPORT_FORMATS.map((f) => [f.name]))('--%s is a flag, a config key and a line of --help', (name) => {
  expect(parseRunOptions([`--${name}`, 'flag.out'], {}, dir).outputs[name]).toBe('flag.out');
  const config = join(dir, `${name}.config.json`);
  writeFileSync(config, JSON.stringify({ [name]: 'config.out' }));
  expect(parseRunOptions(['--config', config], {}, dir).outputs[name]).toBe('config.out');
  expect(RUN_USAGE).toMatch(new RegExp(`--${name} FILE`));
});

test('a report key of the config file that is not a path is refused; an unknown key still is', () => {
  const config = join(dir, 'bad.config.json');
  writeFileSync(config, JSON.stringify({ junit: 5 }));
  expect(() => parseRunOptions(['--config', config], {}, dir)).toThrow(/"junit" must be a file path/);
  writeFileSync(config, JSON.stringify({ junitt: 'x.xml' }));
  expect(() => parseRunOptions(['--config', config], {}, dir)).toThrow(
    expect.objectContaining({ code: 'CTS_BAD_CONFIG' }),
  );
});

test('every format asked for is written, each by its own renderer', async () => {
  const outputs = Object.fromEntries(REPORT_FORMATS.map((f) => [f.name, join(dir, `out.${f.name}`)]));
  const cfg = { ...parseRunOptions([], {}, dir), outputs, quiet: true };
  const write = process.stdout.write;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    await emitOutputs(sampleReports(), cfg);
  } finally {
    process.stdout.write = write;
  }
  for (const f of REPORT_FORMATS) expect(readFileSync(outputs[f.name]!, 'utf8')).toBe(await f.render(sampleReports()));
});
