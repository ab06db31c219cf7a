/**
 * @module A simple deterministic tokenizer: words with their leading space, runs of up to three
 * digits, single other characters, single whitespace characters. Lossless (the tokens of a text
 * concatenate back to it) and with stable ids, which is all the usage, logprobs and token-id
 * features need.
 */
import { hash32 } from '../util/hash.js';

const TOKEN = / ?\p{L}+| ?\p{N}{1,3}| ?[^\s\p{L}\p{N}]|\s/gu;

/** Special tokens of the mock's chat template, with fixed low ids. */
export const SPECIAL_TOKENS = {
  bos: { text: '<s>', id: 1 },
  end: { text: '<|end|>', id: 2 },
  system: { text: '<|system|>', id: 3 },
  developer: { text: '<|developer|>', id: 4 },
  user: { text: '<|user|>', id: 5 },
  assistant: { text: '<|assistant|>', id: 6 },
  tool: { text: '<|tool|>', id: 7 },
  message: { text: '<|message|>', id: 8 },
} as const;

/** Ids below this are reserved for special tokens. */
const FIRST_ID = 1000;
export const VOCAB_SIZE = 100_000;

/** Splits text into tokens; `tokenize(t).join('') === t`. */
export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** The stable id of an ordinary token. */
export function tokenId(token: string): number {
  return FIRST_ID + (hash32(token) % (VOCAB_SIZE - FIRST_ID));
}
