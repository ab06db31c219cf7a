/** @module The §4.1 non-streamed response body, shaped like vLLM's (unset optional fields are null). */
import { promptLogprobs, tokenLogprob } from './logprobs.js';
import { usage, type ChatPlan } from './plan.js';
import { tokenId } from './tokenizer.js';

/** The JSON body of a chat completion. */
export function completionBody(plan: ChatPlan): Record<string, unknown> {
  const { req } = plan;
  const withIds = req.return_token_ids === true;
  const top = req.top_logprobs ?? 0;
  const asIds = req.return_tokens_as_token_ids === true;
  return {
    id: plan.id,
    object: 'chat.completion',
    created: plan.created,
    model: plan.model,
    choices: plan.choices.map((c) => ({
      index: c.index,
      message: {
        role: 'assistant',
        content: c.echo + c.content,
        refusal: null,
        annotations: null,
        audio: null,
        function_call: null,
        tool_calls: [],
        reasoning: c.reasoning,
      },
      logprobs: req.logprobs === true ? { content: c.tokens.map((t, i) => tokenLogprob(t, i, c.seed, top, asIds)) } : null,
      finish_reason: c.finishReason,
      stop_reason: c.stopReason,
      token_ids: withIds ? [...c.reasoningTokens.map(tokenId), ...c.tokenIds] : null,
    })),
    usage: usage(plan),
    service_tier: null,
    system_fingerprint: null,
    prompt_logprobs: typeof req.prompt_logprobs === 'number' && req.prompt_logprobs >= 0 ? promptLogprobs(plan.prompt, req.prompt_logprobs, plan.seed) : null,
    prompt_token_ids: withIds ? plan.prompt.map((t) => t.id) : null,
    kv_transfer_params: null,
  };
}
