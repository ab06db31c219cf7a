/**
 * @module The one place faults read and rewrite what passes through the mock: a request's raw text
 * and JSON body, a JSON answer, and a Server-Sent Events stream (one `data: …\n\n` string per
 * event, as the mock's chat stream yields them). Fault files say *what* they break; this says how a
 * body is opened and put back.
 */
import type { MockRequest, MockResponse } from '../types.js';

export type Json = Record<string, unknown>;

const CHAT_PATH = /^\/v1\/chat\/completions\/?$/;

export const isChat = (req: MockRequest): boolean => req.method === 'POST' && CHAT_PATH.test(req.path);
export const rawText = (req: MockRequest): string => (req.body ? new TextDecoder().decode(req.body) : '');
export const withText = (req: MockRequest, text: string): MockRequest => ({ ...req, body: new TextEncoder().encode(text) });
export const withJson = (req: MockRequest, body: unknown): MockRequest => withText(req, JSON.stringify(body));

/** The request body as a JSON object, or undefined (no body, not JSON, not an object). */
export function jsonBodyOf(req: MockRequest): Json | undefined {
  try {
    const v: unknown = JSON.parse(rawText(req));
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** The chat request body as an object, or undefined (not chat, not a JSON object). */
export const chatBody = (req: MockRequest): Json | undefined => (isChat(req) ? jsonBodyOf(req) : undefined);

/** A `before` that rewrites the chat body when `when` holds (the body is a fresh copy). */
export function rewriteChatWhen(when: (body: Json) => boolean, rewrite: (body: Json) => void): (req: MockRequest) => MockRequest {
  return (req) => {
    const body = chatBody(req);
    if (!body || !when(body)) return req;
    rewrite(body);
    return withJson(req, body);
  };
}

/** An `after` that rewrites a copy of a JSON answer whose status passes `statusOk` (default: 200). */
export function rewriteJsonAnswer<B = Json>(
  applies: (req: MockRequest) => boolean,
  rewrite: (body: B, req: MockRequest) => void,
  statusOk: (status: number) => boolean = (s) => s === 200,
): (req: MockRequest, res: MockResponse) => MockResponse {
  return (req, res) => {
    if (!applies(req) || !statusOk(res.status) || typeof res.json !== 'object' || res.json === null) return res;
    const body = structuredClone(res.json) as B;
    rewrite(body, req);
    return { ...res, json: body };
  };
}

export const DONE_EVENT = 'data: [DONE]\n\n';
export const sseFrame = (payload: unknown): string => `data: ${JSON.stringify(payload)}\n\n`;

/** The JSON payload of one SSE event, or undefined (`[DONE]`, a comment, not JSON). */
export function parseEvent<T = Json>(event: string): T | undefined {
  if (!event.startsWith('data: ') || event === DONE_EVENT) return undefined;
  try {
    return JSON.parse(event.slice(6)) as T;
  } catch {
    return undefined;
  }
}

/** An `after` that rewrites a chat answer's event strings; `edit` may return several events, or none. */
export function rewriteEvents(edit: (event: string, index: number) => string | string[], tail: () => string[] = () => []) {
  return (req: MockRequest, res: MockResponse): MockResponse => {
    if (!isChat(req) || res.stream === undefined) return res;
    const source = res.stream;
    async function* edited(): AsyncGenerator<string> {
      let i = 0;
      for await (const event of source) {
        const out = edit(event, i++);
        for (const e of Array.isArray(out) ? out : [out]) yield e;
      }
      for (const e of tail()) yield e;
    }
    return { ...res, stream: edited() };
  };
}

/** Rewrites each JSON chunk of a chat stream (return undefined to drop it, an array for several). */
export function rewriteChunks<C = Json>(edit: (chunk: C, index: number) => C | C[] | undefined) {
  return rewriteEvents((event, i) => {
    const chunk = parseEvent<C>(event);
    if (!chunk) return event;
    const out = edit(chunk, i);
    return out === undefined ? [] : (Array.isArray(out) ? out : [out]).map(sseFrame);
  });
}
