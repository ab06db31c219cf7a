/**
 * A deployment of one part (§1): the mock serving chat only, its other paths answering 404 as a chat
 * server's do. Without `--serves` the run names the operations not served, passes none of their
 * checks and cannot be judged (exit 3) until the scope is declared or the gap accepted; with
 * `--serves chat` it is CONFORMANT, coverage measured over chat alone (`--min-coverage 90`). The
 * full deployment is unchanged: the probes find every part served. Seeds 1–10: test/e2e/chat-only.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type MockServer, startMockServer } from '../../mock/index.js';
import { PARTS } from '../../src/core/parts.js';
import { runChatOnly } from '../helpers/served.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-served-'));
let chatOnly: MockServer;
beforeAll(async () => {
  chatOnly = await startMockServer({ port: 0, serves: ['chat'] });
});
afterAll(async () => {
  await chatOnly.close();
  rmSync(dir, { recursive: true, force: true });
});

test('without --serves: the operations not served are named, none of their checks passes, the verdict waits on the scope', async () => {
  const { code, stderr, report } = await runChatOnly(chatOnly.url, join(dir, 'plain.json'), '--seed', '1');
  const missing = [...PARTS.training, ...PARTS.records];
  expect(report.scope).toEqual({ served: ['chat.create'], notServed: missing, declared: false });
  expect(stderr).toContain('not served: training (training-jobs.create, training-jobs.get, trajectories.log), records');
  const theirs = report.results.filter((r) => (missing as readonly string[]).includes(r.operation));
  expect(theirs.length).toBeGreaterThan(80);
  expect(theirs.filter((r) => r.status !== 'skip')).toEqual([]);
  expect(code).toBe(3);
  expect(stderr).toMatch(/COULD NOT JUDGE.*belong to operations the target does not serve/);
  // Accepting the gap judges what is served.
  const accepted = await runChatOnly(chatOnly.url, join(dir, 'gaps.json'), '--seed', '1', '--allow-gaps', 'not-served');
  expect(accepted.code).toBe(0);
  expect(accepted.report.coverage?.operations.map((o) => o.operation)).toEqual(['chat.create']);
}, 120_000);

test('with --serves chat: CONFORMANT, coverage over chat alone, the other parts out of scope', async () => {
  const { code, stderr, report } = await runChatOnly(
    chatOnly.url,
    join(dir, 'served.json'),
    '--seed',
    '2',
    '--serves',
    'chat',
    '--min-coverage',
    '90',
  );
  expect(code, stderr).toBe(0);
  expect(report.scope).toMatchObject({ served: ['chat.create'], declared: true });
  expect(report.results.every((r) => r.operation === 'chat.create')).toBe(true);
  expect(report.summary.minCoverage?.met).toBe(true);
  expect(stderr).toContain('serves chat (chat.create) (--serves); out of scope');
}, 120_000);

test('a full deployment: every part found served, no scope said', async () => {
  const full = await startMockServer({ port: 0 });
  try {
    const { report } = await runChatOnly(full.url, join(dir, 'full.json'), '--only', 'auth.', '--seed', '1');
    expect(report.scope).toBeUndefined();
    expect(report.summary.conformant).toBe(true);
  } finally {
    await full.close();
  }
}, 120_000);
