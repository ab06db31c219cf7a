/**
 * @module The conventions' vLLM request rules (with the two of §7 among them), each broken alone in
 * an otherwise valid request, in every mode it applies in: answered 4xx. The cases come from
 * src/generation/rule-cases.ts, judged by the same predicate the realistic generator obeys, so a
 * rule added there is sent here without a new check.
 */
import { fail, pass } from '../../src/core/result.js';
import { RULE_CASES } from '../../src/generation/rule-cases.js';
import { describeResponse } from '../../src/kit/describe.js';
import { inBothModes, sendIn, type ChatMode } from './in-mode.js';

const casesIn = (mode: ChatMode) => RULE_CASES.filter((c) => c.modes.includes(mode));

const [eachRuleRejected, eachRuleRejectedStreamed] = inBothModes({
  id: 'chat-completions.each-rule-rejected',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: 'vLLM request rules (conventions, "Rules enforced by vLLM"), §7 among them',
  requirement:
    'A request that breaks one of the vLLM request rules (sampling ranges, logprobs, structured outputs, stream options, token bounds, §7 conditions), and nothing else, is answered 4xx.',
  requests: Math.max(casesIn('non-streamed').length, casesIn('streamed').length),
  async run(ctx, mode) {
    const notes: string[] = [];
    const maxTokens = Math.min(8, ctx.target.maxCompletionTokens);
    for (const c of casesIn(mode)) {
      // §7.1 holds only without priority scheduling; the target's declaration says which.
      if (c.rule === 'priority-without-scheduling' && ctx.target.priorityScheduling) {
        notes.push('priority-without-scheduling not sent: the target is declared with priority scheduling');
        continue;
      }
      const ex = await sendIn(ctx, mode, { max_completion_tokens: maxTokens, ...c.patch(maxTokens) });
      if (ex.response.status < 400 || ex.response.status > 499) {
        return fail({
          expected: `a 4xx answer to a ${mode} request that breaks the rule ${c.rule}${c.section === '§7' ? ' (§7)' : ''}`,
          actual: describeResponse(ex),
          exchange: ex,
        });
      }
    }
    return pass(notes);
  },
});

export const eachRuleChecks = [eachRuleRejected, eachRuleRejectedStreamed] as const;
