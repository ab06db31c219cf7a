/**
 * Frozen requirement sets through the proxy: a deployment that answers a read of a training job with a
 * 500 fails `errors.never-5xx-on-odd-input.training-jobs-get`, a check added in release 0.2.0. Scored
 * against 0.1.0 (`--requirements`, or the set a baseline was written with) it is reported, marked
 * not scored with the release that added it, and the gate holds; scored against 0.2.0 it gates.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { proxyCommand } from '../../app/cli/proxy-command.js';
import { defineFault, type MockServer, startMockServer } from '../../mock/index.js';
import { jsonResponse } from '../../mock/errors.js';
import type { RunReport } from '../../src/core/report.js';
import { DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { sinceOf } from '../../src/gating/releases.js';
import { freePort } from '../helpers/free-port.js';
import { capturingOutput } from '../helpers/stdout.js';

const CHECK = 'errors.never-5xx-on-odd-input.training-jobs-get';
const crashOnRead = defineFault({
  id: 'training.read-crashes',
  description: 'A read of a training job answers 500.',
  breaks: [CHECK],
  after: (req, res) =>
    req.method === 'GET' && req.path.includes('/training-jobs/') ? jsonResponse(500, { detail: 'boom' }) : res,
});

const dir = mkdtempSync(join(tmpdir(), 'cts-requirements-'));
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, faults: [crashOnRead] });
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One read of an unknown training job through a proxy with these flags: its exit code and JSON report. */
async function readThroughProxy(name: string, ...flags: string[]) {
  const port = await freePort();
  const json = join(dir, `${name}.json`);
  const sent = (async () => {
    for (let i = 0; i < 100; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}/v1/preview/training-jobs/00000000-0000-4000-8000-000000000001`, {
        headers: { authorization: `Bearer ${DEFAULT_TOKEN}` },
      })
        .then((r) => r.arrayBuffer().then(() => true))
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const out = await capturingOutput(() =>
    proxyCommand([
      '--target',
      mock.url,
      '--port',
      String(port),
      '--max-exchanges',
      '1',
      '--quiet',
      '--level',
      'should',
      '--json',
      json,
      ...flags,
    ]),
  );
  await sent;
  expect(out.error).toBeUndefined();
  const reports = (JSON.parse(readFileSync(json, 'utf8')) as { reports: RunReport[] }).reports;
  return { code: out.result, report: reports.find((r) => r.origin?.side !== 'clients')! };
}

test('a check added since the requirement set fails, is reported not scored, and the gate holds', async () => {
  expect(sinceOf(CHECK)).toBe('0.2.0');
  const now = await readThroughProxy('latest');
  expect(now.code).toBe(1);
  expect(now.report.results.find((r) => r.id === CHECK)).toMatchObject({ status: 'fail' });

  const frozen = await readThroughProxy('frozen', '--requirements', '0.1.0');
  expect(frozen.code).toBe(0);
  expect(frozen.report.requirements).toBe('0.1.0');
  expect(frozen.report.results.find((r) => r.id === CHECK)).toMatchObject({
    status: 'fail',
    unscored: { since: '0.2.0' },
  });

  // A baseline written with 0.1.0 scores that set by default.
  const baseline = join(dir, 'baseline.json');
  writeFileSync(baseline, JSON.stringify({ version: 1, requirements: '0.1.0', entries: [] }));
  expect((await readThroughProxy('by-baseline', '--baseline', baseline)).code).toBe(0);
}, 60_000);
