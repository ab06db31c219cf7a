/** @module Whether a script's `match` holds for a request: every key given must hold; the body is parsed once, on demand. */
import { matchOperation } from '../../src/core/operations.js';
import { isJsonObject, memo } from '../../src/core/values.js';
import { messageText } from '../chat/prompt.js';
import { jsonBodyOf } from '../http/body.js';
import type { ChatMessage } from '../chat/types.js';
import type { MockRequest } from '../types.js';
import type { CheckedScript } from './validate.js';

const NOT_PARSED = Symbol('not parsed');

/** The last user message of each parsed body (shared among requests that sent the same bytes). */
const lastUserOf = new WeakMap<object, string | undefined>();

/** The last request line asked about, and whether it is §4.1's (a client under load sends the same one). */
let lastMethod = '';
let lastPath = '';
let lastIsChat = false;

function isChatCreate(method: string, path: string): boolean {
  if (method !== lastMethod || path !== lastPath) {
    lastIsChat = matchOperation(method, path)?.op.id === 'chat.create';
    lastMethod = method;
    lastPath = path;
  }
  return lastIsChat;
}

function lastUserMessageOf(json: unknown): string | undefined {
  const messages = (json as { messages?: unknown } | undefined)?.messages;
  const users = Array.isArray(messages)
    ? (messages as ChatMessage[]).filter((m) => typeof m === 'object' && m !== null && m.role === 'user')
    : [];
  const last = users[users.length - 1];
  return last ? messageText(last) : undefined;
}

/** A request as the scripts read it: its JSON body and last user message, each worked out on first use. */
export class ScriptedRequest {
  #json: unknown = NOT_PARSED;
  #lastUser: string | undefined | typeof NOT_PARSED = NOT_PARSED;
  #chat: boolean | undefined;
  constructor(readonly req: MockRequest) {}

  /** The body parsed as JSON, or undefined (none, or not JSON: a `body` match fails). */
  get json(): unknown {
    if (this.#json === NOT_PARSED) this.#json = jsonBodyOf(this.req);
    return this.#json;
  }

  get lastUserMessage(): string | undefined {
    if (this.#lastUser === NOT_PARSED) {
      const json = this.json;
      this.#lastUser =
        typeof json === 'object' && json !== null ? memo(lastUserOf, json, () => lastUserMessageOf(json)) : undefined;
    }
    return this.#lastUser;
  }

  /** True for §4.1 `POST /v1/chat/completions` (with or without its trailing slash). */
  get isChatCompletion(): boolean {
    return (this.#chat ??= isChatCreate(this.req.method, this.req.path));
  }
}

/** True when `actual` holds `expected`: objects by their keys given (recursively), arrays element by element, scalars equal. */
export function holdsSubset(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => holdsSubset(actual[i], e))
    );
  if (typeof expected === 'object' && expected !== null) {
    if (!isJsonObject(actual)) return false;
    return Object.entries(expected).every(([k, v]) => Object.hasOwn(actual, k) && holdsSubset(actual[k], v));
  }
  return Object.is(actual, expected);
}

export function scriptMatches(checked: CheckedScript, request: ScriptedRequest): boolean {
  const m = checked.script.match;
  if (!m) return true;
  const { req } = request;
  if (m.method !== undefined && m.method.toUpperCase() !== req.method.toUpperCase()) return false;
  if (m.path !== undefined && m.path !== req.path) return false;
  if (checked.pathRegex && !checked.pathRegex.test(req.path)) return false;
  if (m.headers !== undefined) {
    for (const [name, value] of Object.entries(m.headers)) if (req.headers[name.toLowerCase()] !== value) return false;
  }
  if (m.body !== undefined && !holdsSubset(request.json, m.body)) return false;
  if (m.last_user_message !== undefined || checked.lastUserRegex) {
    const last = request.lastUserMessage;
    if (last === undefined) return false;
    if (m.last_user_message !== undefined && !last.includes(m.last_user_message)) return false;
    if (checked.lastUserRegex && !checked.lastUserRegex.test(last)) return false;
  }
  return true;
}
