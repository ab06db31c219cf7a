/** @module Chat requests kept within a context window, their size estimated from above. */

/** Tokens a chat template spends around every message (role markers, separators). */
const PER_MESSAGE = 4;
/** Tokens a template spends once (begin of text, the generation prompt). */
const PER_REQUEST = 8;
/** Characters per token, from below: a tokenizer seldom makes fewer characters a token on prose. */
const CHARS_PER_TOKEN = 3;

type Body = Record<string, unknown>;
type Message = Record<string, unknown> & { role?: unknown; content?: unknown };

const textTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

/** The text of a message's content (a string, or the text parts of an array). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p) => (typeof (p as Body)?.text === 'string' ? ((p as Body).text as string) : '')).join('');
}

/** The estimate of one message: its text, its name, the template's markers. */
function messageTokens(m: Message): number {
  const name = typeof m.name === 'string' ? m.name : '';
  return PER_MESSAGE + textTokens(contentText(m.content)) + textTokens(name);
}

const messagesOf = (body: Body): Message[] => (Array.isArray(body.messages) ? (body.messages as Message[]) : []);
const choicesOf = (body: Body): number => (typeof body.n === 'number' && body.n >= 1 ? body.n : 1);

/** The completion a request asks for per choice (`max_completion_tokens`, else `max_tokens`; none: 0). */
function completionOf(body: Body): number {
  const asked = body.max_completion_tokens ?? body.max_tokens;
  return typeof asked === 'number' && asked > 0 ? asked : 0;
}

/** The estimated prompt of a request (messages, template, tools), in tokens. */
function estimatePromptTokens(body: Body): number {
  const tools = Array.isArray(body.tools) ? textTokens(JSON.stringify(body.tools)) : 0;
  return PER_REQUEST + tools + messagesOf(body).reduce((n, m) => n + messageTokens(m), 0);
}

/** The estimated size of a chat request in tokens, from above: its prompt and its completion once per choice. */
export function estimateChatTokens(body: Body): number {
  return estimatePromptTokens(body) + completionOf(body) * choicesOf(body);
}

/** The body with a completion of `max` per choice (`max_tokens` and `min_tokens` follow, as the generator keeps them). */
function withCompletion(body: Body, max: number): Body {
  const out: Body = { ...body, max_completion_tokens: max };
  if (typeof body.max_tokens === 'number') out.max_tokens = max;
  if (typeof body.min_tokens === 'number' && body.min_tokens > max) out.min_tokens = max;
  return out;
}

/** Earlier turns dropped until the estimate fits: the instruction, then turns in pairs; the last always stays. */
function dropTurns(body: Body, budget: number): Body {
  const prefill = body.continue_final_message === true;
  let messages = messagesOf(body);
  const keep = prefill ? 2 : 1;
  const fits = () => estimateChatTokens({ ...body, messages }) <= budget;
  if (!fits() && messages.length > keep && messages[0]?.role !== 'user' && messages[0]?.role !== 'assistant')
    messages = messages.slice(1);
  while (!fits() && messages.length >= keep + 2) messages = messages.slice(2);
  return { ...body, messages };
}

/** The last message's text cut to fit `budget`, at a word's end; undefined when not even a word fits. */
function cutLast(body: Body, budget: number): Body | undefined {
  const messages = messagesOf(body);
  const last = messages[messages.length - 1];
  if (!last || typeof last.content !== 'string') return undefined;
  const room = budget - (estimateChatTokens(body) - textTokens(last.content));
  const chars = room * CHARS_PER_TOKEN;
  const cut = last.content.slice(0, chars).replace(/\s+\S*$/, '');
  if (cut.trim() === '') return undefined;
  return { ...body, messages: [...messages.slice(0, -1), { ...last, content: cut }] };
}

/** The body without its tools (and the `tool_choice` that goes with them). */
function withoutTools(body: Body): Body {
  const { tools: _tools, tool_choice: _choice, ...rest } = body;
  return rest;
}

/** `body` made to fit `budget` tokens by the estimate, step by step; undefined when even that does not fit. */
export function fitChatRequest(body: Body, budget: number): Body | undefined {
  if (estimateChatTokens(body) <= budget) return body;
  const asked = completionOf(body);
  // The completion asked for, or as much of it as the prompt leaves room for (one token per choice at least).
  const roomFor = (b: Body): Body => {
    const room = Math.floor((budget - estimatePromptTokens(b)) / choicesOf(b));
    return asked > 0 ? withCompletion(b, Math.max(1, Math.min(asked, room))) : b;
  };
  const steps: ((b: Body) => Body | undefined)[] = [
    (b) => dropTurns(b, budget),
    roomFor,
    (b) => (Array.isArray(b.tools) ? roomFor(withoutTools(b)) : b),
    (b) => cutLast(b, budget),
  ];
  let fitted: Body | undefined = body;
  for (const step of steps) {
    fitted = step(fitted);
    if (fitted === undefined) return undefined;
    if (estimateChatTokens(fitted) <= budget) return fitted;
  }
  return undefined;
}
