/** @module The mock model: deterministic output from a hash of the request and its seed, then §4.1 stopping rules. */
import { hashJson, mix32 } from '../util/hash.js';
import { createRng, type Rng } from '../util/prng.js';
import { messageText } from './prompt.js';
import { tokenId, tokenize } from './tokenizer.js';
import type { ChatRequest } from './types.js';
import { WORDS } from './words.js';

export const MAX_MODEL_LEN = 131_072;
/** Output when nothing else ends it (ignore_eos without a max): the mock's generation limit. */
const MAX_FREE_OUTPUT = 4096;
const REASONING_TOKENS = { low: 16, medium: 32, high: 64 } as const;

type FinishReason = 'stop' | 'length' | 'repetition';

export interface ChoiceOutput {
  index: number;
  seed: number;
  /** Reasoning tokens (counted as completion tokens), empty unless reasoning was asked for. */
  reasoningTokens: string[];
  reasoning: string | null;
  /** §4.1 echo: the last message's content prepended to the new one (same role). */
  echo: string;
  /** Content tokens generated, including a token that completed a stop string. */
  tokens: string[];
  tokenIds: number[];
  /** The final content text (without `echo`): a prefix of `tokens.join('')`. */
  content: string;
  finishReason: FinishReason;
  stopReason: string | number | null;
}

/** The hash of what determines the text; transport options (stream, logprobs, ids) leave it alone. */
export function requestSeed(req: ChatRequest): number {
  const relevant = [
    req.messages,
    req.model ?? null,
    req.seed ?? null,
    req.temperature ?? null,
    req.structured_outputs ?? null,
    req.response_format ?? null,
    req.continue_final_message ?? false,
  ];
  return hashJson(relevant);
}

/** Words in sentences: "Word word word." with the leading-space tokens the tokenizer produces. */
function freeTokens(rng: Rng, count: number): string[] {
  const out: string[] = [];
  let sentenceLeft = 0;
  while (out.length < count) {
    if (sentenceLeft === 0) {
      if (out.length > 0) out.push('.');
      if (out.length >= count) break;
      sentenceLeft = 4 + rng.int(8);
      const word = WORDS[rng.int(WORDS.length)] as string;
      out.push((out.length === 0 ? '' : ' ') + word[0]!.toUpperCase() + word.slice(1));
    } else {
      out.push(' ' + (WORDS[rng.int(WORDS.length)] as string));
    }
    sentenceLeft--;
  }
  return out;
}

function repeats(ids: readonly number[], minSize: number, maxSize: number, count: number): boolean {
  for (let size = Math.max(1, minSize); size <= maxSize; size++) {
    const need = size * count;
    if (ids.length < need) break;
    const start = ids.length - need;
    let same = true;
    for (let j = size; j < need && same; j++) same = ids[start + j] === ids[start + (j % size)];
    if (same) return true;
  }
  return false;
}

/** The token budget of the output: the request's max, clamped to what the context window leaves. */
export function outputBudget(req: ChatRequest, promptTokens: number): number {
  const room = Math.max(1, MAX_MODEL_LEN - promptTokens);
  const asked = req.max_completion_tokens ?? req.max_tokens;
  return typeof asked === 'number' ? Math.min(asked, room) : room;
}

export function choiceSeed(baseSeed: number, index: number): number {
  return mix32(baseSeed >>> 0, index + Math.floor(baseSeed / 2 ** 32));
}

/** Generates one choice: `fixed` is the text a structured-output constraint yields, undefined for free text. */
export function generateChoice(
  req: ChatRequest,
  fixed: string | undefined,
  index: number,
  seed: number,
  budget: number,
): ChoiceOutput {
  const rng = createRng(seed);
  const wantsReasoning = req.reasoning_effort != null && req.include_reasoning !== false;
  const reasoningTokens: string[] = [];
  if (wantsReasoning) {
    const n = REASONING_TOKENS[req.reasoning_effort as keyof typeof REASONING_TOKENS] + rng.int(8);
    reasoningTokens.push(...freeTokens(createRng(seed ^ 0x5eed), Math.min(n, budget)));
  }
  const contentBudget = budget - reasoningTokens.length;
  // Free text ends where the model would put its end of sequence (drawn only for free text).
  const eos = () =>
    req.ignore_eos === true
      ? Math.min(contentBudget, MAX_FREE_OUTPUT)
      : Math.max(12 + rng.int(40), req.min_tokens ?? 0);
  const natural = fixed !== undefined ? tokenize(fixed) : freeTokens(rng, eos());
  const last = req.messages[req.messages.length - 1];
  const echo = req.echo === true && last?.role === 'assistant' ? messageText(last) : '';
  return {
    index,
    seed,
    reasoningTokens,
    reasoning: wantsReasoning ? reasoningTokens.join('') : null,
    echo,
    ...decode(req, natural, contentBudget),
  };
}

/** The decoding loop: the token budget, then after min_tokens stop token ids, stop strings, repetition, in vLLM's order. */
function decode(
  req: ChatRequest,
  natural: readonly string[],
  contentBudget: number,
): Pick<ChoiceOutput, 'tokens' | 'tokenIds' | 'content' | 'finishReason' | 'stopReason'> {
  const minTokens = req.min_tokens ?? 0;
  const stops = req.stop ?? [];
  const stopIds = new Set(req.stop_token_ids ?? []);
  const include = req.include_stop_str_in_output === true;
  const rd = req.repetition_detection;
  const rdMax = rd?.max_pattern_size ?? 0;
  const tokens: string[] = [];
  const tokenIds: number[] = [];
  let text = '';
  let finishReason: FinishReason = 'stop';
  let stopReason: string | number | null = null;
  let content: string | undefined;
  for (const token of natural) {
    if (tokens.length >= contentBudget) {
      finishReason = 'length';
      break;
    }
    const id = tokenId(token);
    const before = text.length;
    tokens.push(token);
    tokenIds.push(id);
    text += token;
    // vLLM's check_stop: nothing stops the output before min_tokens.
    if (tokens.length < minTokens) continue;
    if (stopIds.has(id)) {
      stopReason = id;
      content = include ? text : text.slice(0, before);
      break;
    }
    const hit = firstStop(text, before, stops);
    if (hit) {
      stopReason = hit.stop;
      content = text.slice(0, include ? hit.at + hit.stop.length : hit.at);
      break;
    }
    if (rdMax > 0 && repeats(tokenIds, rd?.min_pattern_size ?? 0, rdMax, rd?.min_count ?? 2)) {
      finishReason = 'repetition';
      stopReason = 'repetition_detected';
      break;
    }
  }
  // ignore_eos: the output ran to its limit rather than to an end-of-sequence.
  if (contentBudget <= 0 || (req.ignore_eos === true && content === undefined && finishReason === 'stop'))
    finishReason = 'length';
  return { tokens, tokenIds, content: content ?? text, finishReason, stopReason };
}

/** The stop string that completes first in `text` since `from` (earliest start wins a tie). */
function firstStop(text: string, from: number, stops: readonly string[]): { stop: string; at: number } | undefined {
  let best: { stop: string; at: number } | undefined;
  for (const stop of stops) {
    const at = text.indexOf(stop, Math.max(0, from - stop.length + 1));
    if (at >= 0 && (!best || at < best.at)) best = { stop, at };
  }
  return best;
}
