/**
 * @module The conventions' vLLM request rules, each broken alone in an otherwise valid request, in
 * every mode it applies in: answered 4xx. The cases come from src/generation/rule-cases.ts, judged
 * by the same predicate the realistic generator obeys, so a rule added there is sent here without a
 * new check. The two §7 conditions among those cases are not judged here: each has a MUST check of
 * its own (priority-follows-scheduling, rejects-continue-with-generation-prompt, in both modes), and
 * a server that does not enforce one would otherwise fail twice for one cause.
 */
import { fail, pass } from '../../src/core/result.js';
import { RULE_CASES } from '../../src/generation/rule-cases.js';
import { describeResponse } from '../../src/core/describe.js';
import { inBothModes, sendIn, type ChatMode } from './in-mode.js';

/** The cases this check judges in `mode`: the conventions' rules (the §7 ones have checks of their own). */
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
      if (ex.response.status < 400 || ex.response.status > 499) {
        return fail({
          expected: `a 4xx answer to a ${mode} request that breaks the rule ${c.rule}`,
          actual: describeResponse(ex),
          exchange: ex,
        });
      }
    }
    return pass();
  },
  schedule: { maxRequests: () => Math.max(casesIn('non-streamed').length, casesIn('streamed').length) },
});

export const eachRuleChecks = [eachRuleRejected, eachRuleRejectedStreamed] as const;
