/**
 * The vitest integration: the catalogue registered as vitest tests against a live target (this file
 * registers a slice of it against the clean mock, so those tests must pass), and the assertion
 * behind each test rejects, with the evidence, against a broken target.
 */
import { afterAll, expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_MODEL, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { assertConformance, registerConformanceTests, type ConformanceTestOptions } from '../../app/vitest.js';
import { CATALOGUE } from '../../suites/index.js';

const clean = await startMockServer({ port: 0 });
const broken = await startMockServer({ port: 0, faults: ['chat-completions.usage-does-not-add-up'] });
afterAll(async () => {
  await clean.close();
  await broken.close();
});

const options = (url: string): ConformanceTestOptions => ({
  target: url,
  token: DEFAULT_TOKEN,
  basic: `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`,
  level: 'should',
  only: [
    'chat-completions.usage-adds-up',
    'scores.limit-bounds-count',
    'auth.rejects-missing-credentials.predictions-list',
  ],
  targetConfig: { model: DEFAULT_MODEL },
});

registerConformanceTests(options(clean.url));

test('the assertion behind each registered test rejects against a target that breaks the rule, with the evidence', async () => {
  const usage = CATALOGUE.find((c) => c.id === 'chat-completions.usage-adds-up')!;
  await expect(assertConformance(usage, options(broken.url))).rejects.toThrow(
    /chat-completions\.usage-adds-up \(SHOULD §4\.1\) fail: [\s\S]*\$CONFORMANCE_TOKEN[\s\S]*--only chat-completions\.usage-adds-up/,
  );
  // At the MUST level the same SHOULD failure does not gate.
  await expect(assertConformance(usage, { ...options(broken.url), level: 'must' })).resolves.toBeUndefined();
});

test('a target that refuses the credentials, or cannot be reached, is never a pass: the assertion rejects with the could-not-judge code', async () => {
  const usage = CATALOGUE.find((c) => c.id === 'chat-completions.usage-adds-up')!;
  await expect(assertConformance(usage, { ...options(clean.url), token: 'not-the-token' })).rejects.toMatchObject({
    code: 'CTS_CREDENTIALS_REFUSED',
    message: expect.stringContaining('pass --token'),
  });
  await expect(assertConformance(usage, { ...options('http://127.0.0.1:9'), timeoutMs: 2_000 })).rejects.toMatchObject({
    code: 'CTS_TARGET_UNREACHABLE',
  });
});
