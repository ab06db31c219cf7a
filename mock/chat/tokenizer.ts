/** @module A lossless deterministic tokenizer with stable ids (ASCII scanned by hand to the same tokens as `TOKEN`). */
import { hash32 } from '../util/hash.js';

const TOKEN = / ?\p{L}+| ?\p{N}{1,3}| ?[^\s\p{L}\p{N}]|\s/gu;

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

const FIRST_ID = 1000;
const VOCAB_SIZE = 100_000;

// ASCII character classes as `TOKEN` sees them: \p{L} is [A-Za-z], \p{N} is [0-9], \s is [\t-\r ].
const LETTER = 1;
const DIGIT = 2;
const SPACE = 3;
const OTHER = 4;
const ASCII_CLASS = new Uint8Array(128).map((_, c) =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
    ? LETTER
    : c >= 48 && c <= 57
      ? DIGIT
      : c === 32 || (c >= 9 && c <= 13)
        ? SPACE
        : OTHER,
);

/** The class of the character at `i` (0 past the end), or -1 for a non-ASCII character. */
function classAt(text: string, i: number): number {
  if (i >= text.length) return 0;
  const c = text.charCodeAt(i);
  return c < 128 ? (ASCII_CLASS[c] as number) : -1;
}

/** Where the token starting at `i` ends, or -1 when the scan meets a non-ASCII character. */
function tokenEnd(text: string, i: number): number {
  let start = i;
  let cls = classAt(text, i);
  // A space joins the word, number or symbol that follows it; otherwise it is a token of its own.
  if (text.charCodeAt(i) === 32) {
    const next = classAt(text, i + 1);
    if (next < 0) return -1;
    if (next === 0 || next === SPACE) return i + 1;
    start = i + 1;
    cls = next;
  }
  if (cls < 0) return -1;
  if (cls === LETTER) {
    let j = start + 1;
    let k: number;
    while ((k = classAt(text, j)) === LETTER) j++;
    return k < 0 ? -1 : j; // a non-ASCII letter may continue the word
  }
  if (cls === DIGIT) {
    let j = start + 1;
    while (j < start + 3 && classAt(text, j) === DIGIT) j++;
    return classAt(text, j) < 0 ? -1 : j; // a non-ASCII digit may belong to this run
  }
  return start + 1;
}

/** Splits text into tokens; `tokenize(t).join('') === t`. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    const end = tokenEnd(text, i);
    if (end < 0) return text.match(TOKEN) ?? [];
    out.push(text.slice(i, end));
    i = end;
  }
  return out;
}

/** The number of tokens of a text: `tokenize(t).length`, without building them. */
export function countTokens(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; n++) {
    const end = tokenEnd(text, i);
    if (end < 0) return text.match(TOKEN)?.length ?? 0;
    i = end;
  }
  return n;
}

export function tokenId(token: string): number {
  return FIRST_ID + (hash32(token) % (VOCAB_SIZE - FIRST_ID));
}
