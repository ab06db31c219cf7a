/** @module The mock's chat template (§4.1 add_generation_prompt, continue_final_message, truncate_prompt_tokens). */
import type { MockTokenizer } from '../types.js';
import { countTokens, SPECIAL_TOKENS, tokenId, tokenize } from './tokenizer.js';
import type { ChatMessage, ChatRequest } from './types.js';

/** A text's tokens: by the mock's tokenizer, or one per character (code point). */
const piecesOf = (text: string, tokenizer: MockTokenizer): string[] =>
  tokenizer === 'characters' ? Array.from(text) : tokenize(text);
const countOf = (text: string, tokenizer: MockTokenizer): number =>
  tokenizer === 'characters' ? Array.from(text).length : countTokens(text);

export interface PromptToken {
  text: string;
  id: number;
}

export function messageText(message: ChatMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
}

function roleToken(role: string): PromptToken {
  const known = SPECIAL_TOKENS[role as keyof typeof SPECIAL_TOKENS];
  return known && role !== 'bos' && role !== 'end' ? known : SPECIAL_TOKENS.message;
}

function layout(req: ChatRequest): Array<PromptToken | string> {
  const continuing = req.continue_final_message === true;
  const out: Array<PromptToken | string> = [];
  if (req.add_special_tokens === true) out.push(SPECIAL_TOKENS.bos);
  req.messages.forEach((message, i) => {
    out.push(roleToken(message.role), messageText(message));
    const open = continuing && i === req.messages.length - 1;
    if (!open) out.push(SPECIAL_TOKENS.end);
  });
  if (!continuing && req.add_generation_prompt !== false) out.push(SPECIAL_TOKENS.assistant);
  return out;
}

/** §4.1/§8 truncate_prompt_tokens: how many of `total` tokens are kept (the last k; -1 and 0 keep all). */
function keptTokens(req: ChatRequest, total: number): number {
  const k = req.truncate_prompt_tokens;
  return typeof k === 'number' && k >= 1 && k < total ? k : total;
}

/** The number of prompt tokens after the template and truncation (usage), without building them. */
export function promptLength(req: ChatRequest, tokenizer: MockTokenizer = 'words'): number {
  let total = 0;
  for (const part of layout(req)) total += typeof part === 'string' ? countOf(part, tokenizer) : 1;
  return keptTokens(req, total);
}

export function renderPrompt(req: ChatRequest, tokenizer: MockTokenizer = 'words'): PromptToken[] {
  const out: PromptToken[] = [];
  for (const part of layout(req)) {
    if (typeof part !== 'string') out.push(part);
    else for (const text of piecesOf(part, tokenizer)) out.push({ text, id: tokenId(text) });
  }
  const kept = keptTokens(req, out.length);
  return kept < out.length ? out.slice(out.length - kept) : out;
}
