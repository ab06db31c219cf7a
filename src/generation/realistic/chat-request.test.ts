import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { assertAllValid, assertDeterministic } from '../../../test/helpers/arbitrary-laws.js';
import { sampleRequests } from '../sample.js';
import { presentPaths, schemaFields, valuesAt } from '../../schemas/fields.js';
import { registry } from '../../schemas/registry.js';
import { everyFieldChatRequests, realisticChatRequest } from './chat-request.js';
import { vllmRuleViolations } from '../../rules/vllm-request-rules.js';

const MAX = 16;
const arb = realisticChatRequest({ model: 'mock-model', maxCompletionTokens: MAX });
type Req = Record<string, unknown>;
const prop = (check: (r: Req) => void): void => fc.assert(fc.property(arb, check), { numRuns: 300 });

test('realistic chat requests validate against the §4.1 schema and the vLLM convention overlay', () => {
  assertAllValid(arb, ['chat/chat-completion-request', 'conventions/chat-completion-request'], { numRuns: 300 });
});

test('realistic chat requests break no vLLM request rule', () => {
  prop((r) => {
    expect(vllmRuleViolations(r)).toEqual([]);
  });
});

test('max_completion_tokens stays within 1..maxCompletionTokens, n at most 2, and min_tokens below the max', () => {
  prop((r) => {
    expect(r.max_completion_tokens).toBeGreaterThanOrEqual(1);
    expect(r.max_completion_tokens).toBeLessThanOrEqual(MAX);
    expect((r.n as number | undefined) ?? 1).toBeLessThanOrEqual(2);
    if (r.min_tokens !== undefined) expect(r.min_tokens).toBeLessThanOrEqual(r.max_completion_tokens as number);
  });
});

test('non-streamed requests are not streamed, and carry stream_options only empty (accepted without stream)', () => {
  prop((r) => {
    expect(r.stream === undefined || r.stream === false).toBe(true);
    if (r.stream_options !== undefined) expect(r.stream_options).toEqual({});
  });
});

const streamed = realisticChatRequest({ model: 'mock-model', maxCompletionTokens: MAX, mode: 'streamed' });

test('streamed requests: stream true, valid, no vLLM rule broken (prompt_logprobs never above 0), stream_options used', () => {
  assertAllValid(streamed, ['chat/chat-completion-request', 'conventions/chat-completion-request'], { numRuns: 200 });
  fc.assert(
    fc.property(streamed, (r) => {
      expect(r.stream).toBe(true);
      expect(vllmRuleViolations(r)).toEqual([]);
      expect((r.prompt_logprobs as number | undefined) ?? 0).toBe(0);
    }),
    { numRuns: 300 },
  );
  expect(
    sampleRequests(streamed, 5, 100).some((r) => (r.stream_options as Req | undefined)?.include_usage === true),
  ).toBe(true);
});

describe.each(['non-streamed', 'streamed'] as const)('everyFieldChatRequests (%s)', (mode) => {
  const set = everyFieldChatRequests({ model: 'mock-model', maxCompletionTokens: MAX, mode }, 7);
  test('each request is valid and breaks no vLLM rule', () => {
    for (const r of set) {
      expect(registry().validate('chat/chat-completion-request', r).ok).toBe(true);
      expect(registry().validate('conventions/chat-completion-request', r).ok).toBe(true);
      expect(vllmRuleViolations(r)).toEqual([]);
      expect(r.stream === true).toBe(mode === 'streamed');
    }
  });
  test('together they carry every field of the §4.1 schema and every value it names (derived from the schema)', () => {
    const present = new Set<string>();
    for (const r of set) presentPaths(r, present);
    for (const f of schemaFields(registry(), 'chat/chat-completion-request')) {
      // stream_options fields are rejected without stream (conventions): the streamed set carries them.
      if (mode === 'non-streamed' && f.path.startsWith('stream_options.')) continue;
      expect(present, f.path).toContain(f.path);
      for (const value of f.values)
        expect(
          set.some((r) => valuesAt(r, f.path).includes(value)),
          `${f.path} = ${String(value)}`,
        ).toBe(true);
    }
  });
  test('deterministic for a seed', () => {
    expect(everyFieldChatRequests({ maxCompletionTokens: MAX, mode }, 7)).toEqual(
      everyFieldChatRequests({ maxCompletionTokens: MAX, mode }, 7),
    );
  });
});

test('top_logprobs only with logprobs: true', () => {
  prop((r) => {
    if (r.top_logprobs !== undefined) expect(r.logprobs).toBe(true);
  });
});

test('n > 1 never with temperature 0', () => {
  prop((r) => {
    if (r.temperature === 0) expect((r.n as number | undefined) ?? 1).toBe(1);
  });
});

test('sampling parameters stay in vLLM ranges', () => {
  prop((r) => {
    const n = (k: string): number | undefined => r[k] as number | undefined;
    if (n('temperature') !== undefined) expect(n('temperature')! >= 0 && n('temperature')! <= 2).toBe(true);
    if (n('top_p') !== undefined) expect(n('top_p')! > 0 && n('top_p')! <= 1).toBe(true);
    if (n('min_p') !== undefined) expect(n('min_p')! >= 0 && n('min_p')! <= 1).toBe(true);
    if (n('top_k') !== undefined) expect(n('top_k') === -1 || n('top_k')! >= 1).toBe(true);
    if (n('repetition_penalty') !== undefined) expect(n('repetition_penalty')!).toBeGreaterThan(0);
    for (const k of ['presence_penalty', 'frequency_penalty'])
      if (n(k) !== undefined) expect(Math.abs(n(k)!)).toBeLessThanOrEqual(2);
  });
});

test('no empty stop string, no empty cache_salt, priority 0', () => {
  prop((r) => {
    if (Array.isArray(r.stop)) expect(r.stop).not.toContain('');
    if (r.cache_salt !== undefined) expect((r.cache_salt as string).length).toBeGreaterThan(0);
    if (r.priority !== undefined) expect(r.priority).toBe(0);
  });
});

test('at most one structured-output kind, and never together with a non-text response_format', () => {
  prop((r) => {
    const so = r.structured_outputs as Req | undefined;
    if (so) {
      expect(
        ['json', 'regex', 'choice', 'grammar', 'json_object', 'structural_tag'].filter((k) => so[k] !== undefined),
      ).toHaveLength(1);
      expect(r).not.toHaveProperty('response_format');
    }
    const rf = r.response_format as Req | undefined;
    if (rf?.type === 'json_schema') expect(rf.json_schema).toBeDefined();
  });
});

test('continue_final_message only with add_generation_prompt false and a final assistant message (§7.2)', () => {
  prop((r) => {
    if (r.continue_final_message === true) {
      expect(r.add_generation_prompt).toBe(false);
      expect((r.messages as Req[]).at(-1)?.role).toBe('assistant');
    }
  });
  expect(sampleRequests(arb, 1, 300).some((r) => r.continue_final_message === true)).toBe(true);
});

test('tools come with tool_choice none, the only value §4.1 allows', () => {
  prop((r) => {
    if (r.tools !== undefined) expect(r.tool_choice).toBe('none');
  });
});

test('message contents come from the faker corpus and the model from the options', () => {
  const [r] = sampleRequests(arb, 3, 1);
  expect(r?.model).toBe('mock-model');
  expect(sampleRequests(realisticChatRequest({ maxCompletionTokens: 4 }), 3, 20).every((x) => !('model' in x))).toBe(
    true,
  );
  for (const m of r!.messages as Req[]) expect((m.content as string).length).toBeGreaterThan(0);
});

test('the same seed gives the same chat requests', () => {
  assertDeterministic(arb);
  expect(sampleRequests(arb, 42, 5)).toEqual(sampleRequests(arb, 42, 5));
});

test('vllmRuleViolations names each broken rule', () => {
  const rules = (r: Req): string[] => vllmRuleViolations(r).map((v) => v.rule);
  expect(rules({ stream_options: { include_usage: true } })).toEqual(['stream-options-without-stream']);
  expect(rules({ stream_options: {} })).toEqual([]);
  expect(rules({ top_logprobs: 2 })).toEqual(['top-logprobs-without-logprobs']);
  expect(rules({ n: 2, temperature: 0 })).toEqual(['n-greedy']);
  expect(rules({ continue_final_message: true, add_generation_prompt: true })).toEqual([
    'continue-with-generation-prompt',
  ]);
  expect(rules({ structured_outputs: { regex: 'a', choice: ['b'] } })).toEqual(['structured-outputs-one-kind']);
  expect(rules({ stop: [''] })).toEqual(['empty-stop']);
  expect(rules({ temperature: 2.5, top_p: 0 })).toEqual(['temperature-range', 'top-p-range']);
});
