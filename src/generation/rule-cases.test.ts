import { expect, test } from 'vitest';
import { registry } from '../schemas/registry.js';
import { RULE_CASES } from './rule-cases.js';
import { VLLM_RULE_IDS, vllmRuleViolations } from '../rules/vllm-request-rules.js';

const minimal = (maxTokens: number, patch: Record<string, unknown>, streamed: boolean) =>
  JSON.parse(
    JSON.stringify({
      model: 'm',
      messages: [{ role: 'user', content: 'Hi' }],
      max_completion_tokens: maxTokens,
      ...patch,
      ...(streamed ? { stream: true } : {}),
    }),
  ) as Record<string, unknown>;

test('every rule the predicate judges has one case, and each case breaks exactly its rule, in each of its modes, with a schema-valid body', () => {
  expect(RULE_CASES.map((c) => c.rule).sort()).toEqual([...VLLM_RULE_IDS].sort());
  for (const c of RULE_CASES) {
    for (const mode of c.modes) {
      for (const maxTokens of [1, 8]) {
        const body = minimal(maxTokens, c.patch(maxTokens), mode === 'streamed');
        expect(
          vllmRuleViolations(body).map((v) => v.rule),
          `${c.rule} (${mode})`,
        ).toEqual([c.rule]);
        expect(registry().validate('chat/chat-completion-request', body).ok, `${c.rule} (${mode})`).toBe(true);
      }
    }
  }
});

test("the two §7 conditions are marked as the interface's, the rest as the conventions'", () => {
  expect(
    RULE_CASES.filter((c) => c.section === '§7')
      .map((c) => c.rule)
      .sort(),
  ).toEqual(['continue-with-generation-prompt', 'priority-without-scheduling']);
});
