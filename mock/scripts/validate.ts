/** @module Reads a client author's script into its checked form, or says what is wrong and where (`replies[1].status: ...`). */
import { usageBreach } from '../../src/rules/chat-answer.js';
import { isJsonObject } from '../../src/core/values.js';
import { registry } from '../../src/schemas/registry.js';
import { completionOf } from './chat-reply.js';
import type { ChatReply, RawReply, ResolvedReply, Script } from './types.js';

/** A script that passed: its replies resolved by kind, its regular expressions compiled. */
export interface CheckedScript {
  readonly script: Script;
  readonly replies: readonly ResolvedReply[];
  readonly pathRegex: RegExp | undefined;
  readonly lastUserRegex: RegExp | undefined;
}

export type ScriptCheck = { ok: true; value: CheckedScript } | { ok: false; reason: string };

const SCRIPT_KEYS = ['match', 'reply', 'replies', 'times'];
const MATCH_KEYS = ['method', 'path', 'path_regex', 'body', 'last_user_message', 'last_user_message_regex', 'headers'];
const RAW_KEYS = ['status', 'headers', 'body'];
const CHAT_KEYS = ['content', 'tool_calls', 'refusal', 'finish_reason', 'usage'];
const TIMING_KEYS = ['delay_ms', 'ttft_ms', 'itl_ms', 'cut_after_events'];
const TOOL_CALL_KEYS = ['id', 'type', 'function'];
const FUNCTION_KEYS = ['name', 'arguments'];
const USAGE_KEYS = ['prompt_tokens', 'completion_tokens', 'total_tokens'];
const MAX_WAIT_MS = 600_000;
/** RFC 9110 §5.1 field names; values without control characters (node refuses them). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Headers the mock sets itself from the body it sends. */
const MOCK_OWNED_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);

/** Thrown inside this module only, turned into `{ok: false}` at its edge. */
class Invalid extends Error {}

const fail = (where: string, what: string): never => {
  throw new Invalid(`${where}: ${what}`);
};

function objectAt(value: unknown, where: string): Record<string, unknown> {
  return isJsonObject(value) ? value : fail(where, 'must be a JSON object');
}

function knownKeys(value: Record<string, unknown>, known: readonly string[], where: string): void {
  for (const key of Object.keys(value))
    if (!known.includes(key)) fail(where ? `${where}.${key}` : key, `unknown key (known: ${known.join(', ')})`);
}

function stringAt(value: unknown, where: string, nonEmpty = false): string {
  if (typeof value !== 'string') return fail(where, 'must be a string');
  if (nonEmpty && value === '') fail(where, 'must not be empty');
  return value;
}

function wholeNumberAt(value: unknown, where: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max)
    fail(where, `must be a whole number from ${min} to ${max}`);
  return value as number;
}

function regexAt(value: unknown, where: string): RegExp | undefined {
  if (value === undefined) return undefined;
  const source = stringAt(value, where);
  try {
    return new RegExp(source);
  } catch (err) {
    return fail(where, `is not a valid regular expression (${(err as Error).message})`);
  }
}

function headersAt(value: unknown, where: string, mockOwned: boolean): Record<string, string> {
  const headers = objectAt(value, where);
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(headers)) {
    const at = `${where}.${name}`;
    if (!HEADER_NAME.test(name)) fail(at, 'is not a valid header name');
    if (!HEADER_VALUE.test(stringAt(v, at))) fail(at, 'holds a character a header value cannot');
    if (mockOwned && MOCK_OWNED_HEADERS.has(name.toLowerCase())) fail(at, 'is set by the mock from the body it sends');
    out[name.toLowerCase()] = v as string;
  }
  return out;
}

function checkMatch(value: unknown): Pick<CheckedScript, 'pathRegex' | 'lastUserRegex'> {
  const match = objectAt(value, 'match');
  knownKeys(match, MATCH_KEYS, 'match');
  if (match.method !== undefined) stringAt(match.method, 'match.method', true);
  if (match.path !== undefined && !stringAt(match.path, 'match.path').startsWith('/'))
    fail('match.path', 'must start with /');
  if (match.last_user_message !== undefined) stringAt(match.last_user_message, 'match.last_user_message');
  if (match.headers !== undefined) headersAt(match.headers, 'match.headers', false);
  return {
    pathRegex: regexAt(match.path_regex, 'match.path_regex'),
    lastUserRegex: regexAt(match.last_user_message_regex, 'match.last_user_message_regex'),
  };
}

function checkTiming(reply: Record<string, unknown>, where: string): void {
  for (const key of ['delay_ms', 'ttft_ms', 'itl_ms'])
    if (reply[key] !== undefined) wholeNumberAt(reply[key], `${where}.${key}`, 0, MAX_WAIT_MS);
  if (reply.cut_after_events !== undefined) wholeNumberAt(reply.cut_after_events, `${where}.cut_after_events`, 0);
}

function checkRaw(reply: Record<string, unknown>, where: string): RawReply {
  if (reply.status !== undefined) wholeNumberAt(reply.status, `${where}.status`, 200, 599);
  const headers = reply.headers === undefined ? undefined : headersAt(reply.headers, `${where}.headers`, true);
  return headers ? ({ ...reply, headers } as RawReply) : (reply as RawReply);
}

function checkToolCall(value: unknown, where: string): void {
  const call = objectAt(value, where);
  knownKeys(call, TOOL_CALL_KEYS, where);
  if (call.id !== undefined) stringAt(call.id, `${where}.id`, true);
  if (call.type !== undefined && call.type !== 'function') fail(`${where}.type`, 'must be "function" (§4.1)');
  const fn = objectAt(call.function, `${where}.function`);
  knownKeys(fn, FUNCTION_KEYS, `${where}.function`);
  stringAt(fn.name, `${where}.function.name`, true);
  const args = fn.arguments;
  if (args !== undefined && typeof args !== 'string') objectAt(args, `${where}.function.arguments`);
}

function checkChat(reply: Record<string, unknown>, where: string): ChatReply {
  for (const key of ['content', 'refusal'])
    if (reply[key] !== undefined && reply[key] !== null) stringAt(reply[key], `${where}.${key}`);
  if (reply.finish_reason !== undefined) stringAt(reply.finish_reason, `${where}.finish_reason`, true);
  if (reply.tool_calls !== undefined) {
    if (!Array.isArray(reply.tool_calls) || reply.tool_calls.length === 0)
      fail(`${where}.tool_calls`, 'must be a non-empty array');
    for (const [i, call] of (reply.tool_calls as unknown[]).entries()) checkToolCall(call, `${where}.tool_calls[${i}]`);
  }
  if (reply.usage !== undefined) {
    const usage = objectAt(reply.usage, `${where}.usage`);
    knownKeys(usage, USAGE_KEYS, `${where}.usage`);
    for (const key of USAGE_KEYS) if (usage[key] !== undefined) wholeNumberAt(usage[key], `${where}.usage.${key}`, 0);
  }
  const chat = reply as ChatReply;
  // The reply rendered for a one-message request must be a §4.1 completion whose usage adds up.
  const sample = completionOf(chat, { messages: [{ role: 'user', content: 'hi' }] }, 'script-check');
  const shape = registry().validate('chat/chat-completion-response', sample);
  if (!shape.ok) fail(where, `does not render as a valid §4.1 completion (${shape.errors.slice(0, 2).join('; ')})`);
  const breach = usageBreach(sample.usage);
  if (breach) fail(`${where}.usage`, `does not add up (total_tokens = prompt_tokens + completion_tokens): ${breach}`);
  return chat;
}

function checkReply(value: unknown, where: string): ResolvedReply {
  const reply = objectAt(value, where);
  knownKeys(reply, [...RAW_KEYS, ...CHAT_KEYS, ...TIMING_KEYS], where);
  checkTiming(reply, where);
  const raw = RAW_KEYS.some((k) => k in reply);
  const chat = CHAT_KEYS.some((k) => k in reply);
  if (raw && chat)
    fail(where, `mixes raw keys (${RAW_KEYS.join(', ')}) with chat keys (${CHAT_KEYS.join(', ')}); use one kind`);
  if (raw) return { kind: 'raw', reply: checkRaw(reply, where) };
  if (chat) return { kind: 'chat', reply: checkChat(reply, where) };
  return { kind: 'timing', reply };
}

export function checkScript(value: unknown): ScriptCheck {
  try {
    const script = objectAt(value, 'script');
    knownKeys(script, SCRIPT_KEYS, '');
    const regexes =
      script.match === undefined ? { pathRegex: undefined, lastUserRegex: undefined } : checkMatch(script.match);
    if ((script.reply === undefined) === (script.replies === undefined))
      fail('script', 'needs exactly one of "reply" and "replies"');
    const many = script.replies;
    if (many !== undefined && (!Array.isArray(many) || many.length === 0)) fail('replies', 'must be a non-empty array');
    const replies =
      many === undefined
        ? [checkReply(script.reply, 'reply')]
        : (many as unknown[]).map((r, i) => checkReply(r, `replies[${i}]`));
    if (script.times !== undefined) wholeNumberAt(script.times, 'times', 1);
    return { ok: true, value: { script: script as Script, replies, ...regexes } };
  } catch (err) {
    if (err instanceof Invalid) return { ok: false, reason: err.message };
    return { ok: false, reason: `script: cannot be read (${(err as Error).message})` };
  }
}

/** An invalid script given in-process (`mock.addScript`, the `scripts` option): the message is the reason. */
export class ScriptError extends Error {
  override name = 'ScriptError';
}

/** Checks a script, or throws ScriptError with the reason (`where` prefixes the key at fault). */
export function checkedOrThrow(value: unknown, where = ''): CheckedScript {
  const checked = checkScript(value);
  if (!checked.ok) throw new ScriptError(`${where}${checked.reason}`);
  return checked.value;
}
