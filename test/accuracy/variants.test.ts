/**
 * The accuracy battery's conformant variants (variants.ts), each judged once: the whole catalogue run
 * against it at level should judges it conformant, with nothing failing or erring at any level
 * (skips are allowed: a check that cannot judge a variant says so). A variant the suite wrongly
 * judges carries `knownFalseFinding` and is skipped here with that reason. The variants that depart
 * from a SHOULD convention are conformant at level must, and at level should fail only the checks
 * they name. The battery (battery-variants.test.ts) runs every variant at every seed.
 */
import { expect, test } from 'vitest';
import type { RunReport } from '../../src/core/report.js';
import { CATALOGUE } from '../../suites/index.js';
import { explain } from '../helpers/run-checks.js';
import { runAgainstVariant, startVariantServer } from '../helpers/variant-server.js';
import { CONFORMANT_VARIANTS, type ConformantVariant, MUST_ONLY_VARIANTS } from './variants.js';

const SEED = 1;
const RUNS = 4;

function run(v: ConformantVariant, level: 'must' | 'should'): Promise<RunReport> {
  return runAgainstVariant(CATALOGUE, v.variant, {
    ...v.run,
    level,
    seed: SEED,
    runs: RUNS,
    ...(v.mock ? { mock: v.mock } : {}),
    ...(v.target ? { target: v.target } : {}),
    ...(v.allowGaps ? { allowGaps: v.allowGaps } : {}),
  });
}

const failing = (report: RunReport) => report.results.filter((r) => r.status === 'fail' || r.status === 'error');

test('the catalogue holds at least 25 conformant variants, each described', () => {
  expect(CONFORMANT_VARIANTS.length).toBeGreaterThanOrEqual(25);
  for (const v of CONFORMANT_VARIANTS) expect(v.description.length, v.id).toBeGreaterThan(30);
});

for (const v of CONFORMANT_VARIANTS) {
  const name = v.knownFalseFinding
    ? `${v.id}: known false finding, ${v.knownFalseFinding}`
    : `${v.id}: the whole catalogue judges it conformant, nothing failing`;
  // A variant at a real server's pace is judged in the e2e tier (the battery).
  test.skipIf(v.knownFalseFinding !== undefined || v.realTime === true)(name, async () => {
    const report = await run(v, 'should');
    expect({ conformant: report.summary.conformant, failing: explain(failing(report)) }).toEqual({
      conformant: true,
      failing: '',
    });
  });
}

for (const v of MUST_ONLY_VARIANTS) {
  test(`${v.id}: conformant at level must; only ${v.departsFrom}* (SHOULD) fail`, async () => {
    const failed = failing(await run(v, 'should'));
    const others = failed.filter((r) => !(r.id.startsWith(v.departsFrom) && r.level === 'SHOULD'));
    expect(explain(others)).toBe('');
    // It does depart: the checks it names see it, so the variant is not a no-op.
    expect(failed.length).toBeGreaterThan(0);
  });
}

/** The text and headers of one answer of a variant's server. */
async function answerOf(id: string, path: string, body?: unknown): Promise<{ text: string; headers: Headers }> {
  const v = CONFORMANT_VARIANTS.find((x) => x.id === id)!;
  const server = await startVariantServer(v.variant, v.mock);
  try {
    const auth = path.startsWith('/v2/')
      ? `Basic ${Buffer.from('api:mock-key').toString('base64')}`
      : 'Bearer mock-token';
    const res = await fetch(server.url + path, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: auth, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { text: await res.text(), headers: res.headers };
  } finally {
    await server.close();
  }
}

const STREAM = { messages: [{ role: 'user', content: 'hi' }], stream: true, max_completion_tokens: 3 };

test('the rewrites take effect: listings, reads, stream chunks and encodings are what each variant says', async () => {
  expect((await answerOf('weave-authority-uris', '/v2/acme/evals/predictions?limit=2')).text).toMatch(
    /"model":"weave:\/\/acme\/evals\//,
  );
  expect((await answerOf('record-ids-other-shape', '/v2/acme/evals/scores?limit=1')).text).toMatch(
    /"score_id":"rec_[0-9a-f]+".*"prediction_id":"rec_[0-9a-f]+"/,
  );
  expect((await answerOf('extra-fields', '/v1/chat/completions', STREAM)).text).toMatch(/"x_vendor":\{"shard":3\}/);
  expect((await answerOf('sse-multiline-data', '/v1/chat/completions', STREAM)).text).toMatch(/^data: \{\ndata: {3}"/);
  expect((await answerOf('http-gzip', '/v2/acme/evals/predictions?limit=1')).headers.get('content-encoding')).toBe(
    'gzip',
  );
});
