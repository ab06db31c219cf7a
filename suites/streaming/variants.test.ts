/**
 * Conformant-but-unusual streams that every streaming check must accept, served end to end through
 * the real transport (the judge's byte-level cases are in test/rules/chat-stream.test.ts).
 */
import { expect, test } from 'vitest';
import { explain } from '../../test/helpers/run-checks.js';
import { rewriteSse, runAgainstVariant, type Variant } from '../../test/helpers/variant-server.js';
import type { MockRequest } from '../../mock/types.js';
import { streamingChecks } from './index.js';

async function* map(
  events: AsyncIterable<string>,
  f: (e: string, i: number) => string | string[],
): AsyncGenerator<string> {
  let i = 0;
  for await (const e of events) {
    const out = f(e, i++);
    yield* Array.isArray(out) ? out : [out];
  }
}

/** Asks the mock for the usage chunk on every stream, as hosted deployments that always send it. */
function alwaysUsage(req: MockRequest): MockRequest {
  try {
    const body = JSON.parse(new TextDecoder().decode(req.body)) as Record<string, unknown>;
    if (body.stream !== true) return req;
    body.stream_options = { ...(body.stream_options as object | undefined), include_usage: true };
    return { ...req, body: new TextEncoder().encode(JSON.stringify(body)) };
  } catch {
    return req;
  }
}

const variants: Array<[string, Variant]> = [
  ['CRLF line ends', { after: rewriteSse((s) => map(s, (e) => e.replace(/\n/g, '\r\n'))) }],
  ['data: without the space', { after: rewriteSse((s) => map(s, (e) => e.replace(/^data: /, 'data:'))) }],
  [
    'keep-alive comments between events and an opening comment',
    { after: rewriteSse((s) => map(s, (e, i) => (i === 0 ? [': ping\n\n', e] : [e, ': keep-alive\n\n']))) },
  ],
  [
    'each event split into three-byte writes',
    { after: rewriteSse((s) => map(s, (e) => e.match(/[\s\S]{1,3}/g) ?? [])) },
  ],
  [
    '[DONE] without its blank line',
    { after: rewriteSse((s) => map(s, (e) => (e === 'data: [DONE]\n\n' ? 'data: [DONE]\n' : e))) },
  ],
  [
    'an upper-case media type with parameters',
    {
      after: rewriteSse(
        (s) => s,
        (h) => ({ ...h, 'content-type': 'Text/Event-Stream; charset=UTF-8' }),
      ),
    },
  ],
  [
    'event: and id: fields on every event',
    { after: rewriteSse((s) => map(s, (e, i) => `event: message\nid: ${i}\n${e}`)) },
  ],
];

for (const [name, variant] of variants) {
  test(`streaming checks accept a stream with ${name}`, async () => {
    const report = await runAgainstVariant(streamingChecks, variant);
    expect(explain(report.results)).toBe('');
  });
}

test('a connection dropped mid-stream is a harness error (CTS_STREAM_CUT), not a pass', async () => {
  const report = await runAgainstVariant([streamingChecks.find((c) => c.id === 'streaming.ends-with-done')!], {
    after: rewriteSse((s) =>
      map(s, (e, i) => {
        if (i === 2) throw new Error('worker died');
        return e;
      }),
    ),
  });
  expect(report.results[0]).toMatchObject({ status: 'error', errorCode: 'CTS_STREAM_CUT' });
});

test('a stream with the usage chunk always sent breaks only the usage policy (some hosted deployments)', async () => {
  const report = await runAgainstVariant(streamingChecks, { before: alwaysUsage });
  const failing = report.results.filter((r) => r.status !== 'pass').map((r) => `${r.id} ${r.status}`);
  expect(failing).toEqual(['streaming.no-usage-unless-asked fail']);
});
