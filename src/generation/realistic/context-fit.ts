/**
 * @module Chat requests kept within a context window, their size estimated from above: by a number of
 * characters per token (3 until the deployment's own is learned: src/kit/context-window.ts), and bound
 * without it by one token per UTF-8 byte plus what a chat template may add.
 */

/** Tokens a chat template spends around every message (role markers, separators), in the estimate. */
const PER_MESSAGE = 4;
/** Tokens a template spends once (begin of text, the generation prompt), in the estimate. */
const PER_REQUEST = 8;
/** Characters per token, from below: a tokenizer of a large vocabulary seldom makes fewer characters a token on prose. */
export const CHARS_PER_TOKEN = 3;

/**
 * What a chat template may add, in tokens of one byte each, in the bound: around every message (role
 * markers spelled out, as ChatML's `<|im_start|>assistant\n` by a small vocabulary: 33), once (a default
 * system prompt, a date header: Llama 3.1's and Qwen's are under 100 characters), and with tools (their
 * preamble: Llama 3.1's and Qwen's are under 400 characters).
 */
const BOUND_PER_MESSAGE = 40;
const BOUND_PER_REQUEST = 128;
const BOUND_TOOLS = 512;
/** The fewest characters a prompt must hold to teach characters per token (a shorter one is mostly template). */
const MIN_LEARNING_CHARS = 64;

type Body = Record<string, unknown>;
type Message = Record<string, unknown> & { role?: unknown; content?: unknown };

/** The text of a message's content (a string, or the text parts of an array). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p) => (typeof (p as Body)?.text === 'string' ? ((p as Body).text as string) : '')).join('');
}

/** The text of a message a template renders: its content and its name. */
const messageText = (m: Message): string => contentText(m.content) + (typeof m.name === 'string' ? m.name : '');

const messagesOf = (body: Body): Message[] => (Array.isArray(body.messages) ? (body.messages as Message[]) : []);
const choicesOf = (body: Body): number => (typeof body.n === 'number' && body.n >= 1 ? body.n : 1);

/** The completion a request asks for per choice (`max_completion_tokens`, else `max_tokens`; none: 0). */
function completionOf(body: Body): number {
  const asked = body.max_completion_tokens ?? body.max_tokens;
  return typeof asked === 'number' && asked > 0 ? asked : 0;
}

/** The text of a request's prompt the suite counts: its messages' and its tools' (as JSON). */
function promptText(body: Body): string {
  const tools = Array.isArray(body.tools) ? JSON.stringify(body.tools) : '';
  return tools + messagesOf(body).map(messageText).join('');
}

/** The estimated prompt of a request (messages, template, tools), in tokens, at `charsPerToken`. */
function estimatePromptTokens(body: Body, charsPerToken: number): number {
  const tokens = (text: string) => Math.ceil(text.length / charsPerToken);
  const tools = Array.isArray(body.tools) ? tokens(JSON.stringify(body.tools)) : 0;
  return PER_REQUEST + tools + messagesOf(body).reduce((n, m) => n + PER_MESSAGE + tokens(messageText(m)), 0);
}

/**
 * The estimated size of a chat request in tokens, from above: its prompt at `charsPerToken` (the
 * deployment's, once learned) and its completion once per choice.
 */
export function estimateChatTokens(body: Body, charsPerToken = CHARS_PER_TOKEN): number {
  return estimatePromptTokens(body, charsPerToken) + completionOf(body) * choicesOf(body);
}

/**
 * The most tokens a chat request can take, whatever the tokenizer: one per UTF-8 byte of its text,
 * what a chat template may add (BOUND_*), and its completion once per choice. A window above it is
 * one the request cannot reach.
 */
export function boundChatTokens(body: Body): number {
  return boundPromptTokens(body) + completionOf(body) * choicesOf(body);
}

/** The most tokens a request's prompt can take: one per UTF-8 byte of its text, and what a template may add. */
function boundPromptTokens(body: Body): number {
  const template =
    BOUND_PER_REQUEST + BOUND_PER_MESSAGE * messagesOf(body).length + (Array.isArray(body.tools) ? BOUND_TOOLS : 0);
  return Buffer.byteLength(promptText(body)) + template;
}

/**
 * The characters per token a request's prompt shows, counted `promptTokens` by the target (its usage,
 * or a refusal's count): the characters the suite counts over the tokens left once the estimate's
 * template share is taken off. Undefined when the prompt is too short to say (mostly template), was
 * truncated (`truncate_prompt_tokens`: the count is not the whole prompt's), or the count is more than
 * the prompt can take (one token per byte and the template's: not a count of this prompt).
 */
export function charsPerTokenOf(body: Body, promptTokens: number): number | undefined {
  const chars = promptText(body).length;
  const truncated = typeof body.truncate_prompt_tokens === 'number' && body.truncate_prompt_tokens >= 1;
  const text = promptTokens - PER_REQUEST - PER_MESSAGE * messagesOf(body).length;
  if (truncated || chars < MIN_LEARNING_CHARS || text <= 0 || promptTokens > boundPromptTokens(body)) return undefined;
  return chars / text;
}

/** The body with a completion of `max` per choice (`max_tokens` and `min_tokens` follow, as the generator keeps them). */
function withCompletion(body: Body, max: number): Body {
  const out: Body = { ...body, max_completion_tokens: max };
  if (typeof body.max_tokens === 'number') out.max_tokens = max;
  if (typeof body.min_tokens === 'number' && body.min_tokens > max) out.min_tokens = max;
  return out;
}

/** Earlier turns dropped until the estimate fits: the instruction, then turns in pairs; the last always stays. */
function dropTurns(body: Body, budget: number, charsPerToken: number): Body {
  const prefill = body.continue_final_message === true;
  let messages = messagesOf(body);
  const keep = prefill ? 2 : 1;
  const fits = () => estimateChatTokens({ ...body, messages }, charsPerToken) <= budget;
  if (!fits() && messages.length > keep && messages[0]?.role !== 'user' && messages[0]?.role !== 'assistant')
    messages = messages.slice(1);
  while (!fits() && messages.length >= keep + 2) messages = messages.slice(2);
  return { ...body, messages };
}

/** The last message's text cut to fit `budget`, at a word's end; undefined when not even a word fits. */
function cutLast(body: Body, budget: number, charsPerToken: number): Body | undefined {
  const messages = messagesOf(body);
  const last = messages[messages.length - 1];
  if (!last || typeof last.content !== 'string') return undefined;
  const room = budget - (estimateChatTokens(body, charsPerToken) - Math.ceil(last.content.length / charsPerToken));
  const chars = Math.floor(room * charsPerToken);
  const cut = last.content.slice(0, chars).replace(/\s+\S*$/, '');
  if (cut.trim() === '') return undefined;
  return { ...body, messages: [...messages.slice(0, -1), { ...last, content: cut }] };
}

/** The body without its tools (and the `tool_choice` that goes with them). */
function withoutTools(body: Body): Body {
  const { tools: _tools, tool_choice: _choice, ...rest } = body;
  return rest;
}

/** `body` made to fit `budget` tokens by the estimate at `charsPerToken`, step by step; undefined when even that does not fit. */
export function fitChatRequest(body: Body, budget: number, charsPerToken = CHARS_PER_TOKEN): Body | undefined {
  const estimate = (b: Body) => estimateChatTokens(b, charsPerToken);
  if (estimate(body) <= budget) return body;
  const asked = completionOf(body);
  // The completion asked for, or as much of it as the prompt leaves room for (one token per choice at least).
  const roomFor = (b: Body): Body => {
    const room = Math.floor((budget - estimatePromptTokens(b, charsPerToken)) / choicesOf(b));
    return asked > 0 ? withCompletion(b, Math.max(1, Math.min(asked, room))) : b;
  };
  const steps: ((b: Body) => Body | undefined)[] = [
    (b) => dropTurns(b, budget, charsPerToken),
    roomFor,
    (b) => (Array.isArray(b.tools) ? roomFor(withoutTools(b)) : b),
    (b) => cutLast(b, budget, charsPerToken),
  ];
  let fitted: Body | undefined = body;
  for (const step of steps) {
    fitted = step(fitted);
    if (fitted === undefined) return undefined;
    if (estimate(fitted) <= budget) return fitted;
  }
  return undefined;
}
