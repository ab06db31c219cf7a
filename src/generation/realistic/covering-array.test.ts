import { expect, test } from 'vitest';
import { booleanCoveringArray, everyFieldChatRequests } from './chat-request.js';

const PAIRS = ['true true', 'true false', 'false true', 'false false'];

test('booleanCoveringArray: every pair of columns shows the four value pairs (9 rows, up to 56 columns)', () => {
  const rows = booleanCoveringArray(9, 56);
  expect(rows).toHaveLength(9);
  for (let a = 0; a < 56; a++)
    for (let b = a + 1; b < 56; b++) {
      const seen = new Set(rows.map((r) => `${r[a]} ${r[b]}`));
      expect([...seen].sort(), `columns ${a}, ${b}`).toEqual([...PAIRS].sort());
    }
  expect(() => booleanCoveringArray(9, 57)).toThrow(/no binary covering array/);
});

test.each(['non-streamed', 'streamed'] as const)(
  'everyFieldChatRequests (%s): the boolean fields cover every value pair, the same at every seed',
  (mode) => {
    const booleansAt = (seed: number) =>
      everyFieldChatRequests({ maxCompletionTokens: 16, mode }, seed).map((body) =>
        Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'boolean')),
      );
    const first = booleansAt(1);
    const fields = [...new Set(first.flatMap((r) => Object.keys(r)))].filter(
      (f) => !['stream', 'add_generation_prompt', 'continue_final_message'].includes(f),
    );
    expect(fields).toEqual(expect.arrayContaining(['echo', 'logprobs', 'ignore_eos', 'return_token_ids']));
    for (const a of fields)
      for (const b of fields) {
        if (a >= b) continue;
        // A field the vLLM rules leave out with another (return_tokens_as_token_ids needs logprobs) is judged where both are present.
        const seen = new Set(first.filter((r) => a in r && b in r).map((r) => `${r[a]} ${r[b]}`));
        if (
          a === 'logprobs' ||
          b === 'logprobs' ||
          a === 'return_tokens_as_token_ids' ||
          b === 'return_tokens_as_token_ids'
        )
          expect(seen.has('true true'), `${a} with ${b}`).toBe(true);
        else expect([...seen].sort(), `${a} with ${b}`).toEqual([...PAIRS].sort());
      }
    for (const seed of [2, 3, 7, 10, 12345]) expect(booleansAt(seed), `seed ${seed}`).toEqual(first);
  },
);

test("the free-form objects are sent empty: their content is the deployment's", () => {
  for (const body of everyFieldChatRequests({ maxCompletionTokens: 16 }, 5))
    for (const f of ['chat_template_kwargs', 'mm_processor_kwargs', 'kv_transfer_params', 'engine_xargs'])
      if (f in body) expect(body[f], f).toEqual({});
});
