/** @module Planted faults for the errors checks on odd inputs: crashes, tracebacks, a bare error envelope. */
import { internalError, jsonResponse } from '../errors.js';
import { familyOf } from '../http/family.js';
import type { MockRequest, MockResponse } from '../types.js';
import { isChat, isOperation, rawText, rewriteJsonAnswer, type Json } from './rewrite.js';
import { faultTable, type Fault } from './types.js';
import { is4xx } from '../../src/core/values.js';

const ids = {
  envelope: 'errors.error-body-shape.chat-create',
  never5xx: (slug: string) => `errors.never-5xx-on-odd-input.${slug}`,
  internals: (slug: string) => `errors.error-message-without-internals.${slug}`,
} as const;

const isBodyRoute = (req: MockRequest): boolean =>
  isOperation(req, 'chat.create', 'training-jobs.create', 'trajectories.log');
/** A NUL byte, as JSON escapes it in a request body. */
const hasNul = (req: MockRequest): boolean => rawText(req).includes('\\u0000');

const TRACEBACK = [
  'Traceback (most recent call last):',
  '  File "/app/server/routes.py", line 88, in create',
  '    request = Request.parse_obj(body)',
  'pydantic.error_wrappers.ValidationError: 1 validation error',
].join('\n');

export const errorOddInputFaults: readonly Fault[] = faultTable({
  'errors.error-envelope-message-only': {
    description: 'Chat errors are `{error: {message}}`: no type, param or code.',
    breaks: [ids.envelope],
    after: rewriteJsonAnswer<{ error?: Json }>(
      isChat,
      (body) => body.error && (body.error = { message: body.error.message }),
      is4xx,
    ),
  },
  'errors.nul-byte-crash': {
    description: 'A NUL byte in a chat request makes the tokenizer fail with a 500.',
    breaks: [ids.never5xx('chat-create')],
    before: (req) => (isChat(req) && hasNul(req) ? internalError('openai') : req),
  },
  'errors.junk-in-trajectory-crash': {
    description: 'A NUL byte or nested junk in a trajectory makes the preview endpoints fail with a 500.',
    breaks: [ids.never5xx('training-jobs-create'), ids.never5xx('trajectories-log')],
    before: (req) => (isBodyRoute(req) && !isChat(req) && hasNul(req) ? internalError('fastapi') : req),
  },
  'errors.huge-offset-crash': {
    description: 'A list parameter beyond 64 bits (a huge limit or offset) overflows and answers 500.',
    breaks: [ids.never5xx('predictions-list'), ids.never5xx('scores-list')],
    before: (req) =>
      req.method === 'GET' && [...req.query.values()].some((v) => /^\d{16,}$/.test(v))
        ? internalError(familyOf(req.path))
        : req,
  },
  'errors.traceback-in-errors': {
    description: "Every refusal of a body carries the server's Python traceback in its message.",
    breaks: ['chat-create', 'training-jobs-create', 'trajectories-log'].map(ids.internals),
    after: (req, res): MockResponse =>
      isBodyRoute(req) && is4xx(res.status) ? jsonResponse(res.status, withTraceback(res.json)) : res,
  },
});

/** The error body with the traceback appended to its message, whatever its shape. */
function withTraceback(json: unknown): unknown {
  const body = structuredClone(json) as Json;
  const error = body.error as Json | undefined;
  if (error) error.message = `${String(error.message)}\n${TRACEBACK}`;
  else if (Array.isArray(body.detail)) for (const d of body.detail as Json[]) d.msg = `${String(d.msg)}\n${TRACEBACK}`;
  else body.detail = `${String(body.detail ?? '')}\n${TRACEBACK}`;
  return body;
}
