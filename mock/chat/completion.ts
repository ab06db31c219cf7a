/** @module The §4.1 non-streamed body, shaped like vLLM's, written straight to JSON text (cheaper than stringify). */
import { promptLogprobs, tokenLogprob } from './logprobs.js';
import { usageJson, type ChatPlan } from './plan.js';
import { tokenId } from './tokenizer.js';

const q = JSON.stringify;

/** Text JSON writes as it is between quotes (printable ASCII but `"` and `\\`). */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** `JSON.stringify(text)`, without its cost for text that needs no escape (an id nearly always). */
function quoted(text: string): string {
  return PLAIN.test(text) ? `"${text}"` : q(text);
}

/** The answer's text up to its `created`; `plain`: the id needs no escape. */
export function completionHead(id: string, created: number, plain = false): string {
  return `{"id":${plain ? `"${id}"` : quoted(id)},"object":"chat.completion","created":${created}`;
}

/** The answer's text after its `created`: a function of the request alone. */
export function completionTail(plan: ChatPlan): string {
  const { req } = plan;
  const withIds = req.return_token_ids === true;
  const top = req.top_logprobs ?? 0;
  const asIds = req.return_tokens_as_token_ids === true;
  let out = `,"model":${q(plan.model)},"choices":[`;
  plan.choices.forEach((c, i) => {
    const logprobs =
      req.logprobs === true ? q({ content: c.tokens.map((t, k) => tokenLogprob(t, k, c.seed, top, asIds)) }) : 'null';
    const tokenIds = withIds ? q([...c.reasoningTokens.map(tokenId), ...c.tokenIds]) : 'null';
    out +=
      `${i > 0 ? ',' : ''}{"index":${c.index},"message":{"role":"assistant","content":${q(c.echo + c.content)},"refusal":null,"annotations":null,"audio":null,"function_call":null,"tool_calls":[],"reasoning":${c.reasoning === null ? 'null' : q(c.reasoning)}}` +
      `,"logprobs":${logprobs},"finish_reason":${q(c.finishReason)},"stop_reason":${q(c.stopReason)},"token_ids":${tokenIds}}`;
  });
  const promptLps =
    typeof req.prompt_logprobs === 'number' && req.prompt_logprobs >= 0
      ? q(promptLogprobs(plan.promptTokens(), req.prompt_logprobs, plan.seed))
      : 'null';
  const promptIds = withIds ? q(plan.promptTokens().map((t) => t.id)) : 'null';
  return (
    `${out}],"usage":${usageJson(plan)}` +
    `,"service_tier":null,"system_fingerprint":null,"prompt_logprobs":${promptLps},"prompt_token_ids":${promptIds},"kv_transfer_params":null}`
  );
}
