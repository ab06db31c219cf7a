/** @module The conventions' vLLM request rules (src/generation/rule-cases.ts), each broken alone: answered 4xx. */
import { pass } from '../../src/core/result.js';
import { RULE_CASES } from '../../src/generation/rule-cases.js';
import { expectRejected } from './chat-exchange.js';
import { inBothModes, sendIn, type ChatMode } from './in-mode.js';

/** The cases this check judges in `mode`. */
const casesIn = (mode: ChatMode) => RULE_CASES.filter((c) => c.modes.includes(mode) && c.section !== '§7');

const [eachRuleRejected, eachRuleRejectedStreamed] = inBothModes({
  id: 'chat-completions.each-rule-rejected',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: 'vLLM request rules (conventions, "Rules enforced by vLLM")',
  requirement:
    'A request that breaks one of the vLLM request rules (sampling ranges, logprobs, structured outputs, stream options, token bounds), and nothing else, is answered 4xx.',
  async run(ctx, mode) {
    const maxTokens = Math.min(8, ctx.target.maxCompletionTokens);
    for (const c of casesIn(mode)) {
      const ex = await sendIn(ctx, mode, { max_completion_tokens: maxTokens, ...c.patch(maxTokens) });
      const bad = expectRejected(ex, `a 4xx answer to a ${mode} request that breaks the rule ${c.rule}`);
      if (bad) return bad;
    }
    return pass();
  },
  schedule: { maxRequests: () => Math.max(casesIn('non-streamed').length, casesIn('streamed').length) },
});

export const eachRuleChecks = [eachRuleRejected, eachRuleRejectedStreamed] as const;
