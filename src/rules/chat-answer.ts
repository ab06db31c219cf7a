/**
 * @module What one chat exchange shows about the meaning of its answer (§4.1, §7.2), judged alike by
 * the suite's chat checks and the proxy: each `…Breach` is a pure function of request and completion
 * returning the breach in one sentence, and `…Shown` says whether one exchange shows the rule
 * unambiguously (the proxy judges only then).
 */
import { fieldsJson, is4xx, isJsonObject } from '../core/values.js';

/** A chat request body, or a chat completion (non-streamed, or reassembled from a stream). */
export type ChatBody = Readonly<Record<string, unknown>>;

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
/** The choices that are objects (the array itself when all are: asked by many rules, copied by none). */
export const choicesOf = (c: ChatBody): readonly Record<string, unknown>[] =>
  !Array.isArray(c.choices) ? [] : c.choices.every(isJsonObject) ? c.choices : c.choices.filter(isJsonObject);
export const completionTokens = (c: ChatBody): unknown =>
  isJsonObject(c.usage) ? c.usage.completion_tokens : undefined;
/** The text content of a choice's message ('' when absent or null). */
export function contentOf(choice: Readonly<Record<string, unknown>>): string {
  const message = isJsonObject(choice.message) ? choice.message : undefined;
  return typeof message?.content === 'string' ? message.content : '';
}

/** The `n` a request asks for: its integer n, 1 when absent; undefined when n is something else. */
function nAsked(request: ChatBody): number | undefined {
  if (request.n === undefined) return 1;
  return Number.isInteger(request.n) && (request.n as number) >= 1 ? (request.n as number) : undefined;
}

export function nChoicesShown(request: ChatBody): boolean {
  return nAsked(request) !== undefined;
}

/** Exactly n choices, their indices 0..n-1 (OpenAI convention; §4.1 gives n, default 1). */
export function nChoicesBreach(request: ChatBody, completion: ChatBody): string | undefined {
  const n = nAsked(request) ?? 1;
  const choices = Array.isArray(completion.choices) ? completion.choices : [];
  // The usual answer, accepted with no array made.
  if (choices.length === n && choices.every((c, i) => isJsonObject(c) && c.index === i)) return undefined;
  const indices = choices.map((c) => (isJsonObject(c) ? c.index : undefined));
  const sorted = [...indices].sort((a, b) => Number(a) - Number(b));
  if (choices.length === n && sorted.every((x, i) => x === i)) return undefined;
  return `${choices.length} choice(s) with indices ${JSON.stringify(indices)} where n: ${n} asks for ${n} indexed 0..${n - 1}`;
}

/** The bound a request sets and the field that sets it (max_completion_tokens wins, as in vLLM). */
function boundOf(request: ChatBody): { field: string; max: number } | undefined {
  for (const field of ['max_completion_tokens', 'max_tokens'])
    if (request[field] !== undefined && request[field] !== null)
      return isCount(request[field]) ? { field, max: request[field] as number } : undefined;
  return undefined;
}

/** One choice only: usage counts every choice, the bound is per choice. */
export function completionBoundShown(request: ChatBody, completion: ChatBody): boolean {
  return boundOf(request) !== undefined && choicesOf(completion).length === 1 && isCount(completionTokens(completion));
}

/**
 * usage.completion_tokens within the bound; with ignore_eos and no stop string or stop token (nothing
 * but the bound can end the output), a choice that reaches it ends with finish_reason "length".
 */
export function completionBoundBreach(request: ChatBody, completion: ChatBody): string | undefined {
  const bound = boundOf(request);
  if (!bound) return undefined;
  const { field, max } = bound;
  const c = completionTokens(completion);
  if (typeof c !== 'number' || c > max) return `completion_tokens ${String(c)} where ${field} is ${max}`;
  const stops =
    request.stop !== undefined && request.stop !== null && !(Array.isArray(request.stop) && !request.stop.length);
  const stopIds = Array.isArray(request.stop_token_ids) && request.stop_token_ids.length > 0;
  const choice = choicesOf(completion)[0];
  if (c === max && request.ignore_eos === true && !stops && !stopIds && choice?.finish_reason !== 'length')
    return `finish_reason ${JSON.stringify(choice?.finish_reason)} with completion_tokens ${c}: the ${max}-token bound of ${field} was reached (ignore_eos), which ends with "length"`;
  return undefined;
}

/**
 * vLLM: nothing ends the output before min_tokens tokens, in each choice. Shown only when every choice
 * finished with "stop", and no structured-output grammar is asked (its end may leave the model nothing to add).
 */
export function minTokensShown(request: ChatBody, completion: ChatBody): boolean {
  const choices = choicesOf(completion);
  return (
    request.structured_outputs === undefined &&
    !(isJsonObject(request.response_format) && request.response_format.type !== 'text') &&
    isCount(request.min_tokens) &&
    request.min_tokens > 0 &&
    choices.length > 0 &&
    choices.every((c) => c.finish_reason === 'stop') &&
    isCount(completionTokens(completion))
  );
}

/** At least min_tokens per choice: usage.completion_tokens, the sum over the choices, is at least m × choices. */
export function minTokensBreach(request: ChatBody, completion: ChatBody): string | undefined {
  const m = request.min_tokens;
  if (!isCount(m)) return undefined;
  const n = Math.max(1, choicesOf(completion).length);
  const c = completionTokens(completion);
  if (typeof c === 'number' && c >= m * n) return undefined;
  const finish = choicesOf(completion).map((x) => JSON.stringify(x.finish_reason));
  return `completion_tokens ${String(c)} for ${n} choice(s) (finish_reason ${finish.join(', ')}), where min_tokens ${m} asks at least ${m * n}`;
}

function stopsOf(request: ChatBody): string[] {
  const stop = request.stop;
  const list = typeof stop === 'string' ? [stop] : Array.isArray(stop) ? stop : [];
  return list.filter((s): s is string => typeof s === 'string' && s.length > 0);
}

/** Not with echo (it prepends text the stop strings never saw) nor min_tokens (vLLM looks for them only after). */
export function stopStringsShown(request: ChatBody, completion: ChatBody): boolean {
  return (
    stopsOf(request).length > 0 &&
    request.echo !== true &&
    !(isCount(request.min_tokens) && request.min_tokens > 0) &&
    choicesOf(completion).some((c) => contentOf(c).length > 0)
  );
}

/** OpenAI/vLLM: the output ends before a stop string, which is kept only with include_stop_str_in_output. */
export function stopStringsBreach(request: ChatBody, completion: ChatBody): string | undefined {
  const stops = stopsOf(request);
  const keep = request.include_stop_str_in_output === true;
  for (const c of choicesOf(completion)) {
    const content = contentOf(c);
    if (!keep) {
      const met = stops.find((s) => content.includes(s));
      if (met !== undefined)
        return `choice ${String(c.index)} content ${JSON.stringify(content)} contains the stop string ${JSON.stringify(met)} (include_stop_str_in_output is not true)`;
    } else if (typeof c.stop_reason === 'string' && stops.includes(c.stop_reason) && !content.endsWith(c.stop_reason))
      return `choice ${String(c.index)} stopped by ${JSON.stringify(c.stop_reason)} with include_stop_str_in_output, but its content ${JSON.stringify(content)} does not end with it`;
  }
  return undefined;
}

export function requestIdOf(request: ChatBody): string | undefined {
  return typeof request.request_id === 'string' && request.request_id.length > 0 ? request.request_id : undefined;
}

/**
 * §4.1: the request_id is "returned in the response", where is not said: inside the `id` (vLLM's
 * `chatcmpl-<request_id>`), a top-level `request_id`, or the x-request-id header (when seen).
 */
export function requestIdBreach(
  request: ChatBody,
  completion: ChatBody,
  headers: Readonly<Record<string, string>> | undefined,
): string | undefined {
  const requestId = requestIdOf(request);
  if (requestId === undefined) return undefined;
  if (typeof completion.id === 'string' && completion.id.includes(requestId)) return undefined;
  if (completion.request_id === requestId) return undefined;
  if (headers?.['x-request-id'] === requestId) return undefined;
  return `request_id ${JSON.stringify(requestId)} nowhere: id ${JSON.stringify(completion.id)}, request_id ${JSON.stringify(completion.request_id)}${headers ? `, x-request-id ${JSON.stringify(headers['x-request-id'])}` : ''}`;
}

export const isIntArray = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isInteger(x));

export function tokenIdsShown(request: ChatBody, completion: ChatBody): boolean {
  const c = completionTokens(completion);
  return (
    request.return_token_ids === true &&
    ((typeof c === 'number' && c > 0) || choicesOf(completion).some((ch) => contentOf(ch).length > 0))
  );
}

/** §4.1: "token IDs are included with the text", for every choice. */
export function tokenIdsPerChoiceBreach(_request: ChatBody, completion: ChatBody): string | undefined {
  const generated = completionTokens(completion);
  for (const c of choicesOf(completion)) {
    const ids = c.token_ids;
    if (!isIntArray(ids) || (ids.length === 0 && typeof generated === 'number' && generated > 0))
      return `choice ${String(c.index)} token_ids ${JSON.stringify(ids)} for ${String(generated)} generated token(s)`;
  }
  return undefined;
}

export function tokenIdsMatchUsageShown(request: ChatBody, completion: ChatBody): boolean {
  const usage = isJsonObject(completion.usage) ? completion.usage : {};
  return request.return_token_ids === true && isCount(usage.prompt_tokens) && isCount(usage.completion_tokens);
}

/** vLLM counts token ids as usage: the prompt once, the choices' token_ids together. */
export function tokenIdsMatchUsageBreach(_request: ChatBody, completion: ChatBody): string | undefined {
  const usage = isJsonObject(completion.usage) ? completion.usage : {};
  const ptids = completion.prompt_token_ids;
  if (!isIntArray(ptids) || ptids.length !== usage.prompt_tokens)
    return `prompt_token_ids ${Array.isArray(ptids) ? `has ${ptids.length} element(s)` : JSON.stringify(ptids)} where usage.prompt_tokens is ${String(usage.prompt_tokens)}`;
  const perChoice = choicesOf(completion).map((c) => c.token_ids);
  const total = perChoice.reduce<number>((sum, ids) => sum + (Array.isArray(ids) ? ids.length : 0), 0);
  if (perChoice.some((ids) => !Array.isArray(ids)) || total !== usage.completion_tokens)
    return `token_ids per choice ${perChoice.map((ids) => (Array.isArray(ids) ? `${ids.length} id(s)` : JSON.stringify(ids))).join(', ')} where usage.completion_tokens is ${String(usage.completion_tokens)}`;
  return undefined;
}

/** The last message's text when it is the assistant's (the new message's role). */
function lastAssistantText(request: ChatBody): string | undefined {
  const messages = Array.isArray(request.messages) ? request.messages : [];
  const last = messages[messages.length - 1];
  return isJsonObject(last) && last.role === 'assistant' && typeof last.content === 'string' && last.content.length > 0
    ? last.content
    : undefined;
}

/** Echo false is not judged: a model may repeat the prefix on its own (the suite's control sends both). */
export function echoShown(request: ChatBody, completion: ChatBody): boolean {
  return request.echo === true && lastAssistantText(request) !== undefined && choicesOf(completion).length > 0;
}

/** §4.1: "the new message is prepended with the last message when both have the same role". */
export function echoBreach(request: ChatBody, completion: ChatBody): string | undefined {
  const prefix = lastAssistantText(request);
  if (prefix === undefined) return undefined;
  for (const c of choicesOf(completion)) {
    const content = contentOf(c);
    if (!content.startsWith(prefix))
      return `choice ${String(c.index)} content ${JSON.stringify(content.slice(0, 120))} does not start with the last (assistant) message ${JSON.stringify(prefix.slice(0, 120))}`;
  }
  return undefined;
}

/** The non-empty reasoning of a choice's message (vLLM's `reasoning`, or the older `reasoning_content`). */
export function reasoningOf(choice: Readonly<Record<string, unknown>>): { field: string; text: string } | undefined {
  const m = isJsonObject(choice.message) ? choice.message : {};
  for (const field of ['reasoning', 'reasoning_content']) {
    const text = m[field];
    if (typeof text === 'string' && text.length > 0) return { field, text };
  }
  return undefined;
}

export function reasoningOmittedShown(request: ChatBody): boolean {
  return request.include_reasoning === false;
}

/** vLLM: with include_reasoning false, the reasoning is left out of the message. */
export function reasoningOmittedBreach(request: ChatBody, completion: ChatBody): string | undefined {
  if (request.include_reasoning !== false) return undefined;
  for (const c of choicesOf(completion)) {
    const found = reasoningOf(c);
    if (found)
      return `choice ${String(c.index)} message.${found.field} ${JSON.stringify(found.text).slice(0, 120)} although include_reasoning is false`;
  }
  return undefined;
}

/** Why §7.2 forbids the request (both sent as true: the case no reading accepts). */
export function forbiddenBy72(request: ChatBody): string | undefined {
  return request.continue_final_message === true && request.add_generation_prompt === true
    ? 'continue_final_message and add_generation_prompt both true (§7.2: "the request is invalid")'
    : undefined;
}

/** Why §7.1 forbids the request; `priorityScheduling` undefined: not known, not judged. */
export function forbiddenBy71(request: ChatBody, priorityScheduling: boolean | undefined): string | undefined {
  const p = request.priority;
  return priorityScheduling === false && typeof p === 'number' && Number.isInteger(p) && p !== 0
    ? `priority ${p} to a model without priority scheduling (§7.1: "the request raises an error")`
    : undefined;
}

/** A request §7 forbids is refused with a 4xx: anything else accepts it. */
export function forbiddenAcceptedBreach(
  request: ChatBody,
  status: number,
  priorityScheduling?: boolean,
): string | undefined {
  const why = forbiddenBy72(request) ?? forbiddenBy71(request, priorityScheduling);
  if (why === undefined || is4xx(status)) return undefined;
  return `HTTP ${status} to a request with ${why}`;
}

/** OpenAI usage accounting: `total_tokens = prompt_tokens + completion_tokens`, non-negative integers. */
export function usageBreach(usage: unknown): string | undefined {
  const u = isJsonObject(usage) ? usage : {};
  const { prompt_tokens: p, completion_tokens: c, total_tokens: t } = u;
  const ints = [p, c, t].every((x) => Number.isInteger(x) && (x as number) >= 0);
  if (ints && (p as number) + (c as number) === t) return undefined;
  return `prompt_tokens ${String(p)}, completion_tokens ${String(c)}, total_tokens ${String(t)}`;
}

/** What a stream shows of its first choice's length: its text, and its counts when it carried them. */
export interface StreamedLength {
  readonly content: string;
  /** Token ids over the chunks (with return_token_ids). */
  readonly tokenIds?: number | undefined;
  /** The usage chunk's completion_tokens (with stream_options.include_usage). */
  readonly completionTokens?: number | undefined;
}

/**
 * vLLM: a greedy seeded request, streamed and not, gives the same completion token count when it gives
 * the same text (`plainCount`: unstreamed usage.completion_tokens); different texts are not compared.
 */
export function streamedCountBreach(
  plainText: string,
  plainCount: number,
  streamed: StreamedLength,
): { readonly expected: string; readonly actual: string } | undefined {
  if (plainText !== streamed.content) return undefined;
  if (streamed.tokenIds !== undefined && streamed.tokenIds !== plainCount)
    return {
      expected: `the chunks' token_ids add up to ${plainCount} (usage.completion_tokens unstreamed, same text)`,
      actual: `${streamed.tokenIds} token id(s) over the chunks`,
    };
  if (streamed.completionTokens !== undefined && streamed.completionTokens !== plainCount)
    return {
      expected: `the stream's usage.completion_tokens ${plainCount}, as unstreamed`,
      actual: `completion_tokens ${JSON.stringify(streamed.completionTokens)}`,
    };
  return undefined;
}

const STREAMING_FIELDS = new Set(['stream', 'stream_options']);

/** The key pairing a greedy, seeded, one-choice request (only those give the same text twice) streamed and not. */
export function greedyPairKey(request: ChatBody): string | undefined {
  if (request.temperature !== 0 || !Number.isInteger(request.seed) || (request.n ?? 1) !== 1) return undefined;
  return fieldsJson(request, STREAMING_FIELDS);
}
