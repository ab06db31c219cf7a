/**
 * One rule, one id, in the run and in the proxy: for a planted fault of each kind of evidence a rule
 * judges (an exchange's status and body, a chat completion, a stream, a listing's records, a whole
 * listing, a pair of exchanges, a valid request failed on), the run of the whole catalogue and the
 * client workloads through the proxy in front of the same fault report it under the same check ids:
 * every id the proxy fails is one the run fails (or blocks behind its root), and the proxy finds the
 * fault. The ids only traffic shows (the client's side, an answer cut short) are no run's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { CATALOGUE } from '../../suites/index.js';
import { runAgainstMock } from '../helpers/run-checks.js';
import { judgeThroughProxy } from './judge-traffic.js';
import { WORKLOADS } from './workloads.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-same-ids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const IN_CATALOGUE = new Set(CATALOGUE.map((c) => c.id));

/** A fault per kind of evidence, by the slot of the rule it breaks. */
const BY_SLOT: readonly [string, string][] = [
  ['exchange: credentials', 'auth.accepts-missing-credentials'],
  ['exchange: a body that is not JSON', 'errors.accepts-malformed-json'],
  ['exchange: a valid value refused', 'acceptance.log-rejects-val-split'],
  ['exchange: a valid request failed on', 'errors.nul-byte-crash'],
  ['completion', 'chat-completions.n-ignored'],
  ['completion', 'chat-completions.min-tokens-ignored'],
  ['stream', 'streaming.id-changes'],
  ['record', 'records.svc-user-id-missing'],
  ['listing', 'records.limit-ignored'],
  ['pair: a listed record read back', 'records.read-differs-from-listing'],
  ['pair: a page against the listings around it', 'records.offset-off-by-one'],
  ['pair: the same prompt with two values of n', 'chat-completions.prompt-tokens-per-choice'],
];

test.each(BY_SLOT)('%s (%s): the proxy fails only ids the run fails, and finds it', async (_slot, fault) => {
  const run = await runAgainstMock(CATALOGUE, { faults: [fault], seed: 1, runs: 4, level: 'should' });
  const runIds = new Set(
    run.results.filter((r) => r.status === 'fail' || r.status === 'error' || r.blockedBy).map((r) => r.id),
  );
  const mock = await startMockServer({ port: 0, faults: [fault] });
  const proxyIds = new Set<string>();
  try {
    for (const w of WORKLOADS) {
      const { report } = await judgeThroughProxy(mock.url, w, dir);
      for (const r of report.results) if (r.status === 'fail' || r.status === 'error') proxyIds.add(r.id);
    }
  } finally {
    await mock.close();
  }
  const judged = [...proxyIds].filter((id) => IN_CATALOGUE.has(id));
  expect(judged.length, 'the proxy finds the fault').toBeGreaterThan(0);
  expect(judged.filter((id) => !runIds.has(id))).toEqual([]);
});
