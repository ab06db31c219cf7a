/**
 * A server that drops chat fields of the wrong type (answered 200 as if absent) breaks the SHOULD rule
 * of errors.rejects-invalid-body: every field × kind of breakage is sent at every seed and `--runs`,
 * so the run is never CONFORMANT, whatever the seed.
 */
import { expect, test } from 'vitest';
import { CATALOGUE } from '../index.js';
import { runAgainstMock } from '../../test/helpers/run-checks.js';

const CHAT = CATALOGUE.filter((c) => c.operation === 'chat.create');
const OWNER = 'errors.rejects-invalid-body.chat-create';

const CASES = [
  ...Array.from({ length: 10 }, (_, i) => ({ seed: i + 1, runs: 10 })),
  ...[1, 4, 7].map((seed) => ({ seed, runs: 1 })),
];

test.each(CASES)(
  'fields of the wrong type dropped: NOT CONFORMANT at seed $seed, --runs $runs',
  async ({ seed, runs }) => {
    const report = await runAgainstMock(CHAT, {
      faults: ['errors.drops-wrong-type-fields'],
      level: 'should',
      seed,
      runs,
    });
    const owner = report.results.find((r) => r.id === OWNER);
    expect(owner?.status, owner?.reason ?? owner?.message).toBe('fail');
    expect(owner?.expected).toMatch(/^a 4xx rejection: /);
    expect(owner?.actual).toMatch(/HTTP 2\d\d.*accepted/);
    expect(report.summary.conformant).toBe(false);
  },
  60_000,
);
