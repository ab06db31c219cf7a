/**
 * The cascade against the case it was found on: a server whose chat answers lack `model` (the root
 * check fails on it) and which does not serve the trailing-slash path. The answers without `model`
 * are blocked by the root; the 404 on the trailing-slash path, which the root never saw, is
 * reported as the failure it is.
 */
import { expect, test } from 'vitest';
import { runAgainstVariant } from '../../test/helpers/variant-server.js';
import { CATALOGUE } from '../index.js';

const ROOT = 'acceptance.valid-request-succeeds.chat-create';

test('answers without model: blocked by the root; the trailing-slash 404 still fails', {
  timeout: 120_000,
}, async () => {
  const report = await runAgainstVariant(
    CATALOGUE.filter((c) => c.operation === 'chat.create'),
    {
      before: (req) =>
        req.method === 'POST' && req.path === '/v1/chat/completions/'
          ? { status: 404, headers: { 'content-type': 'application/json' }, body: '{"detail":"Not Found"}' }
          : req,
      after: (_req, res) => {
        if (res.status !== 200 || typeof res.json !== 'object' || res.json === null) return res;
        const { model: _m, ...rest } = res.json as Record<string, unknown>;
        return { ...res, json: rest };
      },
    },
    { level: 'should', seed: 7, runs: 4 },
  );
  const byId = new Map(report.results.map((r) => [r.id, r]));
  expect(byId.get(ROOT)?.status).toBe('fail');
  expect(byId.get(ROOT)?.actual).toContain("required property 'model'");
  const slash = byId.get('chat-completions.trailing-slash-path');
  expect(slash?.status, slash?.reason).toBe('fail');
  expect(slash?.actual).toMatch(/^HTTP 404/);
  const blocked = report.results.filter((r) => r.blockedBy === ROOT);
  expect(blocked.length).toBeGreaterThan(10);
  // Nothing but the missing model is left failing as a restatement of it.
  const restating = report.results.filter(
    (r) => r.status === 'fail' && r.id !== ROOT && /required property 'model'/.test(r.actual ?? ''),
  );
  expect(restating.map((r) => r.id)).toEqual([]);
});
