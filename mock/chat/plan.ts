/**
 * @module Everything a completion needs, computed once and shared by the JSON and the streamed
 * answer, so that streamed deltas concatenate exactly to the non-streamed text (conventions.md).
 */
import { DEFAULT_MODEL } from '../../src/core/defaults.js';
import { generateChoice, MAX_MODEL_LEN, outputBudget, requestSeed, type ChoiceOutput } from './generate.js';
import { renderPrompt, type PromptToken } from './prompt.js';
import type { RuleViolation } from './rules.js';
import { outputConstraint } from './structured.js';
import type { ChatRequest } from './types.js';

export interface ChatPlan {
  /** `chatcmpl-<request id>` (conventions.md). */
  id: string;
  created: number;
  model: string;
  req: ChatRequest;
  prompt: PromptToken[];
  choices: ChoiceOutput[];
  seed: number;
}

/** Plans the completion, or returns the request's 400. */
export async function planCompletion(req: ChatRequest, requestId: string): Promise<ChatPlan | RuleViolation> {
  const prompt = renderPrompt(req);
  if (prompt.length >= MAX_MODEL_LEN) {
    return { message: `This model's maximum context length is ${MAX_MODEL_LEN} tokens. However, your request has ${prompt.length} input tokens.`, param: 'messages' };
  }
  const constraint = outputConstraint(req);
  if ('message' in constraint) return constraint;
  const seed = requestSeed(req);
  const budget = outputBudget(req, prompt.length);
  const n = req.n ?? 1;
  const choices: ChoiceOutput[] = [];
  for (let i = 0; i < n; i++) choices.push(await generateChoice(req, constraint, i, seed, budget));
  return {
    id: `chatcmpl-${requestId}`,
    created: Math.floor(Date.now() / 1000),
    // The mock serves whatever model name it is asked for (it has one model behind any name).
    model: req.model ?? DEFAULT_MODEL,
    req,
    prompt,
    choices,
    seed,
  };
}

/** Completion tokens of a choice: reasoning and content tokens. */
export function completionTokens(choice: ChoiceOutput): number {
  return choice.reasoningTokens.length + choice.tokens.length;
}

/** §4.1 usage: total = prompt + completion (conventions.md). */
export function usage(plan: ChatPlan, completion = plan.choices.reduce((sum, c) => sum + completionTokens(c), 0)) {
  return { prompt_tokens: plan.prompt.length, total_tokens: plan.prompt.length + completion, completion_tokens: completion, prompt_tokens_details: null };
}
