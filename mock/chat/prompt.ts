/**
 * @module The mock's chat template: each message is `<|role|>` + content + `<|end|>`, then
 * `<|assistant|>` when a generation prompt is added (§4.1 add_generation_prompt), with the final
 * message left open when continuing it (§4.1 continue_final_message), `<s>` first with
 * add_special_tokens, and the left side cut by truncate_prompt_tokens.
 */
import { SPECIAL_TOKENS, tokenId, tokenize } from './tokenizer.js';
import type { ChatMessage, ChatRequest } from './types.js';

export interface PromptToken {
  text: string;
  id: number;
}

/** The text of a message: a string, or the text parts of a content-part array. */
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

/** The prompt's tokens after the template and truncation. */
export function renderPrompt(req: ChatRequest): PromptToken[] {
  const continuing = req.continue_final_message === true;
  const out: PromptToken[] = [];
  if (req.add_special_tokens === true) out.push(SPECIAL_TOKENS.bos);
  req.messages.forEach((message, i) => {
    out.push(roleToken(message.role));
    for (const text of tokenize(messageText(message))) out.push({ text, id: tokenId(text) });
    const open = continuing && i === req.messages.length - 1;
    if (!open) out.push(SPECIAL_TOKENS.end);
  });
  if (!continuing && req.add_generation_prompt !== false) out.push(SPECIAL_TOKENS.assistant);
  // §4.1/§8 truncate_prompt_tokens: keep the last k tokens; -1 (the model's limit) and 0 leave the prompt whole.
  const k = req.truncate_prompt_tokens;
  if (typeof k === 'number' && k >= 1 && k < out.length) return out.slice(out.length - k);
  return out;
}
