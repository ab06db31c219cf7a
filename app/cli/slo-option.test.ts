/**
 * `--slo` on `run` and `proxy`, and `slo` in the config file: the objectives read, written back in
 * the replay line, and a mistake a usage error (exit 2) saying why, before anything is sent.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { capturingOutput } from '../../test/helpers/stdout.js';
import { parseProxyArgs } from './proxy-command.js';
import { runCommand } from './run-command.js';
import { parseRunOptions } from './run-options.js';
import { toolErrorExit } from './tool-error.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-slo-'));
const OBJECTIVES = [
  { id: 'ttft-p95', metric: 'ttft', percentile: 95, thresholdMs: 500 },
  { id: 'e2e-p99', metric: 'e2e', percentile: 99, thresholdMs: 5000 },
];

test('run --slo and the config file give the objectives; the replay line keeps them', () => {
  const cfg = parseRunOptions(['--target', 'http://h:1', '--slo', 'ttft-p95=500ms,e2e-p99=5s'], {}, dir);
  expect(cfg.settings.objectives).toEqual(OBJECTIVES);
  expect(cfg.settings.replayBase).toContain('--slo ttft-p95=500ms,e2e-p99=5000ms');
  const file = join(dir, 'c.json');
  writeFileSync(file, JSON.stringify({ slo: 'ttft-p95=500ms, e2e-p99=5s' }));
  expect(parseRunOptions(['--config', file], {}, dir).settings.objectives).toEqual(OBJECTIVES);
  expect(parseRunOptions([], {}, dir).settings.objectives).toBeUndefined();
});

test('proxy --slo gives the objectives its server report judges', () => {
  const cfg = parseProxyArgs(['--target', 'http://h:1', '--slo', 'ttft-p95=500ms,e2e-p99=5s'], {});
  expect(cfg !== 'help' && cfg.objectives).toEqual(OBJECTIVES);
  expect(() => parseProxyArgs(['--target', 'http://h:1', '--slo', 'ttft=500ms'], {})).toThrow(/--slo: cannot read/);
});

test('a bad --slo is a usage error (exit 2) that says why, before anything is sent', async () => {
  for (const [slo, why] of [
    ['ttft-p95=500', 'cannot read "ttft-p95=500"'],
    ['ttft-p0=5s', 'above 0 and below 100'],
    ['itl-p99=5ms,itl-p99=6ms', 'itl-p99 is given twice'],
  ] as const) {
    const out = await capturingOutput(() => runCommand(['--slo', slo, '--plan']));
    const { line, exitCode } = toolErrorExit(out.error);
    expect(exitCode, slo).toBe(2);
    expect(line).toContain(why);
    expect(line).toContain('[CTS_BAD_FLAG]');
    expect(out.stdout + out.stderr).toBe('');
  }
  const file = join(dir, 'bad.json');
  writeFileSync(file, JSON.stringify({ slo: 'ttft-p95=fast' }));
  const bad = await capturingOutput(() => runCommand(['--config', file, '--plan']));
  expect(toolErrorExit(bad.error).exitCode).toBe(2);
});
