/**
 * `conformance run --expect FILE` against a target that cannot be reached: the expectations mark
 * known failures, they never turn a run that could not be judged into a conformant one. The exit
 * code and the JSON report's summary say the same (src/core/verdict-of-report.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { JsonReport } from '../../reporters/json.js';
import { freePort } from '../../test/helpers/free-port.js';
import { capturingOutput } from '../../test/helpers/stdout.js';
import { runCommand } from './run-command.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-expect-unjudged-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('an unreachable target with --expect exits 3 and its JSON report says not conformant', async () => {
  const target = `http://127.0.0.1:${await freePort()}`;
  const expectFile = join(dir, 'expect.json');
  writeFileSync(
    expectFile,
    JSON.stringify({ version: 1, expectedFailures: [{ id: 'auth.answers-401.chat-create', reason: 'TICKET-1' }] }),
  );
  const json = join(dir, 'report.json');
  const out = await capturingOutput(() =>
    runCommand(['--target', target, '--only', 'auth.', '--expect', expectFile, '--json', json, '--quiet']),
  );
  expect(out.error).toBeUndefined();
  expect(out.result).toBe(3);
  const report = (JSON.parse(readFileSync(json, 'utf8')) as JsonReport).reports[0]!;
  expect(report.unjudged?.code).toBe('CTS_TARGET_UNREACHABLE');
  expect(report.summary.conformant).toBe(false);
}, 30_000);
