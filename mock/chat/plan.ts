/** @module Everything a completion needs, shared by the JSON and the streamed answer so that they agree exactly. */
import { DEFAULT_MODEL } from '../../src/core/defaults.js';
import { choiceSeed, generateChoice, MAX_MODEL_LEN, outputBudget, requestSeed, type ChoiceOutput } from './generate.js';
import { promptLength, renderPrompt, type PromptToken } from './prompt.js';
import { broken, type RuleViolation } from './rules.js';
import { constrainedText, outputConstraint } from './structured.js';
import type { ChatRequest } from './types.js';
import type { MockTokenizer } from '../types.js';

export interface ChatPlan {
  id: string;
  created: number;
  model: string;
  req: ChatRequest;
  /** Prompt tokens after the template and truncation (usage). */
  promptLength: number;
  /** The prompt's tokens themselves, built on first use (only prompt_logprobs and token ids need them). */
  promptTokens(): PromptToken[];
  choices: ChoiceOutput[];
  seed: number;
}

/** Plans the completion, or returns the request's 400; a promise only when structured output must sample first. */
export function planCompletion(
  req: ChatRequest,
  requestId: string,
  model: string = DEFAULT_MODEL,
  tokenizer: MockTokenizer = 'words',
): ChatPlan | RuleViolation | Promise<ChatPlan | RuleViolation> {
  const length = promptLength(req, tokenizer);
  if (length >= MAX_MODEL_LEN)
    return broken(
      'messages',
      `This model's maximum context length is ${MAX_MODEL_LEN} tokens. However, your request has ${length} input tokens.`,
    );
  const constraint = outputConstraint(req);
  if ('message' in constraint) return constraint;
  const seed = requestSeed(req);
  const seeds = Array.from({ length: req.n ?? 1 }, (_, i) => choiceSeed(seed, i));
  const budget = outputBudget(req, length);
  let tokens: PromptToken[] | undefined;
  const plan = (texts: readonly (string | undefined)[]): ChatPlan => ({
    id: `chatcmpl-${requestId}`,
    created: Math.floor(Date.now() / 1000),
    model: req.model ?? model,
    req,
    promptLength: length,
    promptTokens: () => (tokens ??= renderPrompt(req, tokenizer)),
    choices: seeds.map((choice, i) => generateChoice(req, texts[i], i, choice, budget)),
    seed,
  });
  if (constraint.kind === 'free') return plan([]);
  return Promise.all(seeds.map((choice) => constrainedText(constraint, choice))).then(plan);
}

/** A prompt not served from the prefix cache, as usage says it. */
const CACHE_MISS = '"prompt_tokens_details":{"cached_tokens":0}';
/** vLLM's prefix cache: whole blocks of this many tokens, never the prompt's last token. */
const CACHE_BLOCK = 16;

/**
 * An answer's text (or event) as it is when its prompt was served from the prefix cache: usage counts
 * the prompt's whole blocks but its last token as cached.
 */
export function fromPrefixCache(text: string, plan: ChatPlan): string {
  const cached = Math.floor((plan.promptLength - 1) / CACHE_BLOCK) * CACHE_BLOCK;
  return text.replace(CACHE_MISS, `"prompt_tokens_details":{"cached_tokens":${cached}}`);
}

/** §4.1 usage as JSON text: total = prompt + completion (docs/conventions.md); `completion` defaults to every choice's tokens. */
export function usageJson(
  plan: ChatPlan,
  completion = plan.choices.reduce((sum, c) => sum + c.reasoningTokens.length + c.tokens.length, 0),
): string {
  const prompt = plan.promptLength;
  return `{"prompt_tokens":${prompt},"total_tokens":${prompt + completion},"completion_tokens":${completion},${CACHE_MISS}}`;
}
