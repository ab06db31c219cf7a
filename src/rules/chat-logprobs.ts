/**
 * @module What one chat answer shows about its logprobs (§4.1 `logprobs`, `top_logprobs`,
 * `return_tokens_as_token_ids`), judged alike by the suite and the proxy, in the `…Breach`/`…Shown`
 * pairs of chat-answer.ts.
 */
import { isJsonObject } from '../core/values.js';
import { type ChatBody, choicesOf, contentOf } from './chat-answer.js';

/** A logprob is <= 0; this much above 0 is rounding. */
const LOGPROB_EPSILON = 1e-6;
const TOKEN_ID_STRING = /^token_id:-?\d+$/;

interface LogprobEntry {
  token?: unknown;
  logprob?: unknown;
  bytes?: unknown;
  top_logprobs?: unknown;
}

/** A choice's logprobs.content, or undefined when it has none (logprobs null or absent). */
function entriesOf(choice: Readonly<Record<string, unknown>>): LogprobEntry[] | undefined {
  const content = isJsonObject(choice.logprobs) ? choice.logprobs.content : undefined;
  return Array.isArray(content) ? (content as LogprobEntry[]) : undefined;
}
const messageOf = (choice: Readonly<Record<string, unknown>>) => (isJsonObject(choice.message) ? choice.message : {});
const hasReasoning = (choice: Readonly<Record<string, unknown>>): boolean => {
  const r = messageOf(choice).reasoning ?? messageOf(choice).reasoning_content;
  return typeof r === 'string' && r.length > 0;
};
/** The top_logprobs asked for (0 when absent), undefined when it is not a whole number. */
function topAsked(request: ChatBody): number | undefined {
  if (request.top_logprobs === undefined || request.top_logprobs === null) return 0;
  return Number.isInteger(request.top_logprobs) && (request.top_logprobs as number) >= 0
    ? (request.top_logprobs as number)
    : undefined;
}
/** How many logprobs entries the answer carries, over its choices. */
export function logprobsEntryCount(completion: ChatBody): number {
  return choicesOf(completion).reduce((n, c) => n + (entriesOf(c)?.length ?? 0), 0);
}

/** Every choice needs entries or content: a stream that generated nothing may carry no logprobs at all. */
export function logprobsShapeShown(request: ChatBody, completion: ChatBody): boolean {
  const choices = choicesOf(completion);
  return (
    request.logprobs === true &&
    topAsked(request) !== undefined &&
    choices.length > 0 &&
    choices.every((c) => entriesOf(c) !== undefined || contentOf(c) !== '')
  );
}

function entryShapeProblem(e: LogprobEntry, k: number): string | undefined {
  if (typeof e?.token !== 'string') return `token ${JSON.stringify(e?.token)}`;
  if (typeof e.logprob !== 'number' || e.logprob > LOGPROB_EPSILON)
    return `logprob ${JSON.stringify(e.logprob)} (a log probability is <= 0)`;
  const bytesOk =
    e.bytes === null ||
    e.bytes === undefined ||
    (Array.isArray(e.bytes) &&
      e.bytes.every((b: unknown) => Number.isInteger(b) && (b as number) >= 0 && (b as number) <= 255));
  if (!bytesOk) return `bytes ${JSON.stringify(e.bytes)}`;
  if (!Array.isArray(e.top_logprobs)) return k > 0 ? `top_logprobs ${JSON.stringify(e.top_logprobs)}` : undefined;
  if (e.top_logprobs.length !== k) return `${e.top_logprobs.length} top_logprobs where ${k} were asked for`;
  const bad = (e.top_logprobs as { token?: unknown; logprob?: unknown }[]).some(
    (t) => typeof t?.token !== 'string' || typeof t.logprob !== 'number' || t.logprob > LOGPROB_EPSILON,
  );
  return bad
    ? `a top_logprobs entry without a token string and a logprob <= 0: ${JSON.stringify(e.top_logprobs)}`
    : undefined;
}

/**
 * OpenAI: one entry per generated token (counted only for one choice without reasoning, which
 * usage.completion_tokens also counts), each with exactly top_logprobs alternatives.
 */
export function logprobsShapeBreach(request: ChatBody, completion: ChatBody): string | undefined {
  const k = topAsked(request) ?? 0;
  const choices = choicesOf(completion);
  const generated = isJsonObject(completion.usage) ? completion.usage.completion_tokens : undefined;
  for (const c of choices) {
    const entries = entriesOf(c);
    const countable = choices.length === 1 && !hasReasoning(c) && typeof generated === 'number';
    if (!entries || (countable && entries.length !== generated))
      return `choice ${String(c.index)} ${entries ? `has ${entries.length} logprobs entries for ${String(generated)} generated token(s)` : `has logprobs ${JSON.stringify(c.logprobs)}`}`;
    for (const [i, e] of entries.entries()) {
      const problem = entryShapeProblem(e, k);
      if (problem) return `choice ${String(c.index)} logprobs.content[${i}]: ${problem}`;
    }
  }
  return undefined;
}

/** A token's UTF-8 bytes, or undefined when the token is not text (vLLM's `bytes:\xe2` partial-character tokens). */
function utf8Of(token: unknown): number[] | undefined {
  if (typeof token !== 'string' || token.startsWith('bytes:') || TOKEN_ID_STRING.test(token)) return undefined;
  return [...new TextEncoder().encode(token)];
}

function entryOrderProblem(e: LogprobEntry): string | undefined {
  // A malformed entry is the shape rule's finding; live traffic must not make this throw.
  if (!isJsonObject(e)) return undefined;
  const utf8 = utf8Of(e.token);
  if (utf8 && JSON.stringify(e.bytes) !== JSON.stringify(utf8))
    return `token ${JSON.stringify(e.token)} has bytes ${JSON.stringify(e.bytes)}, not its UTF-8 ${JSON.stringify(utf8)}`;
  const top = (Array.isArray(e.top_logprobs) ? e.top_logprobs.filter(isJsonObject) : []) as { logprob?: unknown }[];
  for (let i = 1; i < top.length; i++) {
    if ((top[i]!.logprob as number) > (top[i - 1]!.logprob as number) + LOGPROB_EPSILON)
      return `top_logprobs of ${JSON.stringify(e.token)} not sorted: ${JSON.stringify(top.map((t) => t.logprob))}`;
  }
  const best = top[0]?.logprob;
  if (typeof best === 'number' && typeof e.logprob === 'number' && e.logprob > best + LOGPROB_EPSILON)
    return `the sampled token ${JSON.stringify(e.token)} has logprob ${e.logprob}, above the best alternative's ${best}: the alternatives are not the most likely tokens`;
  return undefined;
}

export function logprobsBytesOrderShown(request: ChatBody, completion: ChatBody): boolean {
  return request.logprobs === true && logprobsEntryCount(completion) > 0;
}

/** OpenAI: bytes is the token's UTF-8, top_logprobs most likely first, the sampled token not above the best. */
export function logprobsBytesOrderBreach(_request: ChatBody, completion: ChatBody): string | undefined {
  for (const c of choicesOf(completion))
    for (const e of entriesOf(c) ?? []) {
      const problem = entryOrderProblem(e);
      if (problem) return `choice ${String(c.index)}: ${problem}`;
    }
  return undefined;
}

/** Not when echo, a cut stop string, token ids, reasoning, tool calls or `bytes:` tokens part content and tokens. */
export function logprobsJoinShown(request: ChatBody, completion: ChatBody): boolean {
  const stop = request.stop;
  const stops = typeof stop === 'string' ? stop.length > 0 : Array.isArray(stop) && stop.length > 0;
  if (request.logprobs !== true || request.echo === true || stops || request.return_tokens_as_token_ids === true)
    return false;
  const choices = choicesOf(completion);
  return (
    choices.length > 0 &&
    choices.every((c) => {
      const entries = entriesOf(c);
      const tools = messageOf(c).tool_calls;
      return (
        entries !== undefined &&
        (entries.length > 0 || contentOf(c) === '') &&
        !hasReasoning(c) &&
        !(Array.isArray(tools) && tools.length > 0) &&
        entries.every((e) => typeof e?.token === 'string' && !e.token.startsWith('bytes:'))
      );
    })
  );
}

/** vLLM's logprobs tests: a choice's tokens join to exactly its content. */
export function logprobsJoinBreach(_request: ChatBody, completion: ChatBody): string | undefined {
  for (const c of choicesOf(completion)) {
    const entries = entriesOf(c);
    const content = contentOf(c);
    if (!entries || (entries.length === 0 && content !== '')) continue;
    const joined = entries.map((e) => (typeof e?.token === 'string' ? e.token : '')).join('');
    if (joined !== content)
      return `choice ${String(c.index)}: the tokens join to ${JSON.stringify(joined)}, its content is ${JSON.stringify(content)}`;
  }
  return undefined;
}

export function tokensAsTokenIdsShown(request: ChatBody, completion: ChatBody): boolean {
  return request.logprobs === true && request.return_tokens_as_token_ids === true && logprobsEntryCount(completion) > 0;
}

/** §4.1 return_tokens_as_token_ids: every token, top_logprobs' too, is a string token_id:<id>. */
export function tokensAsTokenIdsBreach(_request: ChatBody, completion: ChatBody): string | undefined {
  for (const c of choicesOf(completion))
    for (const [i, e] of (entriesOf(c) ?? []).entries()) {
      const tops = Array.isArray(e?.top_logprobs) ? (e.top_logprobs as { token?: unknown }[]).map((t) => t?.token) : [];
      const tokens = [e?.token, ...tops];
      const bad = tokens.find((t) => typeof t !== 'string' || !TOKEN_ID_STRING.test(t));
      if (bad !== undefined || tokens[0] === undefined)
        return `choice ${String(c.index)} logprobs.content[${i}] has token ${JSON.stringify(bad ?? tokens[0])}, not token_id:<id>`;
    }
  return undefined;
}
