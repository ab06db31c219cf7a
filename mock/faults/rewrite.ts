/**
 * @module The one place faults read and rewrite what passes through the mock: a request's raw text
 * and JSON body, a JSON answer, and a Server-Sent Events stream (one `data: …\n\n` string per
 * event, as the mock's chat stream yields them). Fault files say *what* they break; this says how a
 * body is opened and put back.
 */
import { OPERATIONS, type OperationId } from '../../src/core/operations.js';
import type { RecordKindName } from '../../src/core/record-kinds.js';
import { Router } from '../http/router.js';
import type { MockRequest, MockResponse } from '../types.js';

export type Json = Record<string, unknown>;

/** The §4 operations by method and path template: the table the mock's own routes follow. */
const OPERATION_ROUTES = OPERATIONS.reduce(
  (router, o) => router.add(o.method, o.path, o.id),
  new Router<OperationId>(),
);

/** The operation a request is for (a trailing slash ignored, as vLLM ignores it), or undefined. */
export function operationOf(req: Pick<MockRequest, 'method' | 'path'>): OperationId | undefined {
  const path = req.path.length > 1 && req.path.endsWith('/') ? req.path.slice(0, -1) : req.path;
  const match = OPERATION_ROUTES.match(req.method, path);
  return match.kind === 'found' ? match.handler : undefined;
}

/** True when the request is for one of `ops`. */
export const isOperation = (req: MockRequest, ...ops: readonly OperationId[]): boolean => {
  const op = operationOf(req);
  return op !== undefined && ops.includes(op);
};

export const isChat = (req: MockRequest): boolean => operationOf(req) === 'chat.create';

/** Where a §4.5–§4.8 request points: its kind, entity, project and (a read) record id, as sent (still percent-encoded). */
export interface RecordPath {
  readonly kind: RecordKindName;
  readonly entity: string;
  readonly project: string;
  readonly list: boolean;
  readonly id?: string;
}

/** The record path of a listing or a read, or undefined for any other request. */
export function recordPathOf(req: MockRequest): RecordPath | undefined {
  const op = operationOf(req);
  if (op === undefined || !/^(predictions|scores)\./.test(op)) return undefined;
  const [, , entity, project, kind, id] = req.path.replace(/\/$/, '').split('/') as string[];
  return {
    kind: kind as RecordPath['kind'],
    entity: entity!,
    project: project!,
    list: op.endsWith('.list'),
    ...(id === undefined ? {} : { id }),
  };
}
export const rawText = (req: MockRequest): string => (req.body ? new TextDecoder().decode(req.body) : '');
export const withText = (req: MockRequest, text: string): MockRequest => ({
  ...req,
  body: new TextEncoder().encode(text),
});
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

/** A request body read strictly (UTF-8, JSON): unparseable, a JSON value that is not an object, or an object. */
export type ParsedBody =
  | { kind: 'unparseable' }
  | { kind: 'non-object'; value: unknown }
  | { kind: 'object'; value: Record<string, unknown> };

export function parseJsonBody(req: MockRequest): ParsedBody {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(req.body ?? new Uint8Array()));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? { kind: 'object', value: value as Record<string, unknown> }
      : { kind: 'non-object', value };
  } catch {
    return { kind: 'unparseable' };
  }
}

/** The chat request body as an object, or undefined (not chat, not a JSON object). */
export const chatBody = (req: MockRequest): Json | undefined => (isChat(req) ? jsonBodyOf(req) : undefined);

/** A `before` that rewrites the chat body when `when` holds (the body is a fresh copy). */
export function rewriteChatWhen(
  when: (body: Json) => boolean,
  rewrite: (body: Json) => void,
): (req: MockRequest) => MockRequest {
  return (req) => {
    const body = chatBody(req);
    if (!body || !when(body)) return req;
    rewrite(body);
    return withJson(req, body);
  };
}

/** A `before` for a server that accepts a chat field and ignores it: the field is dropped before the core sees it. */
export const ignoreChatField = (field: string): ((req: MockRequest) => MockRequest) =>
  rewriteChatWhen(
    (b) => b[field] !== undefined,
    (b) => delete b[field],
  );

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
export function rewriteEvents(
  edit: (event: string, index: number) => string | string[],
  tail: () => string[] = () => [],
) {
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

/** Rewrites every JSONL line of a streamed body (lines may span chunks). */
export async function* mapJsonlRecords(
  stream: AsyncIterable<string>,
  fn: (record: Record<string, unknown>) => unknown,
): AsyncGenerator<string> {
  let buffer = '';
  for await (const chunk of stream) {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    if (lines.length)
      yield lines.map((l) => (l.trim() ? JSON.stringify(fn(JSON.parse(l) as Record<string, unknown>)) : l)).join('\n') +
        '\n';
  }
  if (buffer.trim()) yield JSON.stringify(fn(JSON.parse(buffer) as Record<string, unknown>));
}
