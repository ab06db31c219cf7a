/**
 * @module Planted faults in the parts of the interface the suite used not to exercise:
 * each was missed by every check until coverage closed the gap. Request fields sent only by the
 * every-field sets, constraints and bounds reached only by the derived constraint cases, the
 * request_id of streamed chunks, credentials derived from the real ones, records read through
 * another project, and listings that give the read checks nothing to work with.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_ENTITY, DEFAULT_PROJECT } from '../../src/core/defaults.js';
import { OPERATIONS, type OperationId } from '../../src/core/operations.js';
import { internalError, openaiError, validationError } from '../errors.js';
import { familyOf } from '../http/family.js';
import type { MockRequest, MockResponse } from '../types.js';
import { basicPairOf, bearerTokenOf } from '../http/auth.js';
import { isChat, isOperation, jsonBodyOf, recordPathOf, withJson, type Json } from './rewrite.js';
import { defineFault, type Fault, type FaultContext } from './types.js';
import { RECORD_KIND } from '../../src/core/record-kinds.js';

const CHAT: readonly OperationId[] = ['chat.create'];
const TRAINING: readonly OperationId[] = ['training-jobs.create', 'trajectories.log'];

/** The JSON object body of a request for one of `ops`, or undefined. */
const jsonBody = (req: MockRequest, ops: readonly OperationId[]): Json | undefined =>
  isOperation(req, ...ops) ? jsonBodyOf(req) : undefined;
const trajectoriesOf = (body: Json): Json[] =>
  (Array.isArray(body.trajectory_groups) ? body.trajectory_groups : [])
    .flatMap((g) => ((g as Json | null)?.trajectories as Json[] | undefined) ?? [])
    .filter((t) => typeof t === 'object' && t !== null);

const slugs = (scheme: 'bearer' | 'basic'): string[] =>
  OPERATIONS.filter((o) => o.auth === scheme).map(
    (o) => `auth.rejects-derived-credentials.${o.id.replace(/\./g, '-')}`,
  );
const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
/** An auth fault: when `accepts` holds for the path's family and header (judged against the mock's own credentials), the request is served with them. */
function serveWhen(accepts: (family: 'v1' | 'v2', header: string | undefined, ctx: FaultContext) => boolean) {
  return (req: MockRequest, ctx: FaultContext): MockRequest => {
    const family = familyOf(req.path) === 'records' ? 'v2' : 'v1';
    if (!accepts(family, req.headers.authorization, ctx)) return req;
    return {
      ...req,
      headers: { ...req.headers, authorization: family === 'v2' ? `Basic ${b64(ctx.basic)}` : `Bearer ${ctx.token}` },
    };
  };
}
const userOf = (basic: string): string => basic.slice(0, basic.indexOf(':'));

export const coverageFaults: readonly Fault[] = [
  defineFault({
    id: 'acceptance.documents-or-engine-xargs-crash',
    description: 'A valid chat request carrying `documents` or `engine_xargs` is answered 500.',
    breaks: ['acceptance.every-field-accepted.chat-create', 'acceptance.every-field-accepted.chat-create-streamed'],
    before: (req) => {
      const b = jsonBody(req, CHAT);
      return b && (b.documents !== undefined || b.engine_xargs !== undefined) ? internalError('openai') : req;
    },
  }),
  defineFault({
    id: 'acceptance.trajectory-logs-rejected',
    description: 'A §4.2/§4.4 request whose trajectory carries `logs` entries is refused with a 422.',
    breaks: [
      'acceptance.every-field-accepted.training-jobs-create',
      'acceptance.every-field-accepted.trajectories-log',
    ],
    before: (req) => {
      const b = jsonBody(req, TRAINING);
      const bad = b ? trajectoriesOf(b).some((t) => Array.isArray(t.logs) && t.logs.length > 0) : false;
      return bad
        ? validationError([
            {
              loc: ['body', 'trajectory_groups', '0', 'trajectories', '0', 'logs'],
              msg: 'logs are not supported',
              type: 'value_error',
            },
          ])
        : req;
    },
  }),
  defineFault({
    id: 'errors.tool-type-not-enforced',
    description: 'tools[].type is not checked against its only value `function`.',
    breaks: ['errors.each-constraint-rejected.chat-create'],
    before: (req) => {
      const b = jsonBody(req, CHAT);
      if (!b || !Array.isArray(b.tools)) return req;
      return withJson(req, {
        ...b,
        tools: b.tools.map((t) => (typeof t === 'object' && t !== null ? { ...(t as Json), type: 'function' } : t)),
      });
    },
  }),
  defineFault({
    id: 'errors.start-time-format-not-enforced',
    description: 'A trajectory start_time that is not an ISO 8601 date-time is accepted.',
    breaks: [
      'errors.each-constraint-rejected.training-jobs-create',
      'errors.each-constraint-rejected.trajectories-log',
    ],
    before: (req) => {
      const b = jsonBody(req, TRAINING);
      if (!b) return req;
      const copy = structuredClone(b);
      for (const t of trajectoriesOf(copy))
        if (typeof t.start_time === 'string' && Number.isNaN(Date.parse(t.start_time)))
          t.start_time = '2025-01-01T00:00:00Z';
      return withJson(req, copy);
    },
  }),
  defineFault({
    id: 'acceptance.truncate-capped-at-int32',
    description: 'truncate_prompt_tokens above 2^31-1, though inside the §8 range, is refused.',
    breaks: ['acceptance.documented-bounds-accepted.chat-create'],
    before: (req) => {
      const b = jsonBody(req, CHAT);
      return typeof b?.truncate_prompt_tokens === 'number' && b.truncate_prompt_tokens > 2 ** 31 - 1
        ? openaiError(400, 'truncate_prompt_tokens must fit in 32 bits', 'truncate_prompt_tokens')
        : req;
    },
  }),
  defineFault({
    id: 'chat-completions.request-id-not-in-stream',
    description:
      'request_id is returned in a non-streamed answer, but streamed chunks carry an id of their own and no x-request-id.',
    breaks: ['chat-completions.returns-request-id.streamed'],
    after: (req, res) => {
      if (!isChat(req) || !res.stream) return res;
      const source = res.stream;
      const id = `chatcmpl-${randomUUID()}`;
      async function* rewritten(): AsyncGenerator<string> {
        for await (const event of source) yield event.replace(/"id":"[^"]*"/, `"id":"${id}"`);
      }
      const { 'x-request-id': _dropped, ...headers } = res.headers;
      return { ...res, headers, stream: rewritten() };
    },
  }),
  defineFault({
    id: 'chat-completions.echo-ignored-when-streamed',
    description: 'echo is honoured without stream, and ignored in a streamed answer.',
    breaks: ['chat-completions.echo-prepends-last-message.streamed'],
    before: (req) => {
      const b = jsonBody(req, CHAT);
      if (b?.stream !== true || b.echo === undefined) return req;
      const { echo: _dropped, ...rest } = b;
      return withJson(req, rest);
    },
  }),
  defineFault({
    id: 'chat-completions.max-tokens-ignored-when-streamed',
    description: 'max_completion_tokens and max_tokens bound a non-streamed answer, and are ignored in a streamed one.',
    breaks: ['chat-completions.max-tokens-bound-completion.streamed'],
    before: (req) => {
      const b = jsonBody(req, CHAT);
      if (b?.stream !== true) return req;
      const { max_completion_tokens: _a, max_tokens: _b, ...rest } = b;
      return withJson(req, rest);
    },
  }),
  defineFault({
    id: 'chat-completions.output-controls-ignored-when-streamed',
    description:
      'structured_outputs, response_format and include_reasoning shape a non-streamed answer, and are ignored in a streamed one.',
    breaks: [
      'chat-completions.structured-outputs-choice.streamed',
      'chat-completions.structured-outputs-regex.streamed',
      'chat-completions.structured-outputs-json.streamed',
      'chat-completions.response-format-json-schema.streamed',
      'chat-completions.include-reasoning-false-omits-reasoning.streamed',
    ],
    before: (req) => {
      const b = jsonBody(req, CHAT);
      if (b?.stream !== true) return req;
      const { structured_outputs: _a, response_format: _b, include_reasoning: _c, ...rest } = b;
      return withJson(req, rest);
    },
  }),
  defineFault({
    id: 'chat-completions.token-controls-ignored-when-streamed',
    description:
      'logprobs, top_logprobs and min_tokens shape a non-streamed answer, and are ignored in a streamed one.',
    breaks: ['chat-completions.logprobs-shape-and-counts.streamed', 'chat-completions.min-tokens-honoured.streamed'],
    before: (req) => {
      const b = jsonBody(req, CHAT);
      if (b?.stream !== true) return req;
      const { logprobs: _a, top_logprobs: _b, min_tokens: _c, ...rest } = b;
      return withJson(req, rest);
    },
  }),
  defineFault({
    id: 'chat-completions.section-7-not-enforced-when-streamed',
    description:
      'The §7 conditions (priority without scheduling, continue_final_message with add_generation_prompt) are enforced without stream, and not with it.',
    breaks: [
      'chat-completions.priority-follows-scheduling.streamed',
      'chat-completions.rejects-continue-with-generation-prompt.streamed',
    ],
    before: (req) => {
      const b = jsonBody(req, CHAT);
      if (b?.stream !== true) return req;
      const { priority: _p, ...rest } = b;
      if (rest.continue_final_message === true) delete rest.add_generation_prompt;
      return withJson(req, rest);
    },
  }),
  defineFault({
    id: 'chat-completions.rules-not-enforced',
    description: 'A chat request refused by a rule is answered 200 with a completion instead.',
    breaks: ['chat-completions.each-rule-rejected', 'chat-completions.each-rule-rejected.streamed'],
    after: (req, res) =>
      jsonBody(req, CHAT) && res.status >= 400 && res.status < 500 && res.status !== 401
        ? {
            status: 200,
            headers: { 'content-type': 'application/json' },
            json: {
              id: 'chatcmpl-lenient',
              object: 'chat.completion',
              created: 0,
              model: 'lenient',
              choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
              usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            },
          }
        : res,
  }),
  defineFault({
    id: 'auth.v1-token-accepted-on-v2',
    description: 'The /v1 bearer token is accepted on /v2, as Bearer or as the password of Basic credentials.',
    breaks: slugs('basic'),
    before: serveWhen(
      (family, h, ctx) => family === 'v2' && (bearerTokenOf(h) === ctx.token || basicPairOf(h)?.password === ctx.token),
    ),
  }),
  defineFault({
    id: 'auth.basic-password-not-checked',
    description: 'Basic credentials with the right username are accepted whatever the password.',
    breaks: slugs('basic'),
    before: serveWhen((family, h, ctx) => family === 'v2' && basicPairOf(h)?.user === userOf(ctx.basic)),
  }),
  defineFault({
    id: 'auth.v2-basic-accepted-on-v1',
    description: 'The /v2 basic credentials are accepted on /v1.',
    breaks: slugs('bearer'),
    before: serveWhen((family, h, ctx) => family === 'v1' && h === `Basic ${b64(ctx.basic)}`),
  }),
  defineFault({
    id: 'auth.token-prefix-accepted',
    description: 'Any bearer token that starts with the real one is accepted.',
    breaks: slugs('bearer'),
    before: serveWhen((family, h, ctx) => family === 'v1' && (bearerTokenOf(h)?.startsWith(ctx.token) ?? false)),
  }),
  defineFault({
    id: 'auth.token-compared-by-prefix',
    description: 'A bearer token is compared only as far as it goes: the real token truncated is accepted.',
    breaks: slugs('bearer'),
    before: serveWhen((family, h, ctx) => {
      const t = bearerTokenOf(h);
      return family === 'v1' && t !== undefined && t.length >= 3 && ctx.token.startsWith(t);
    }),
  }),
  defineFault({
    id: 'records.read-ignores-scope',
    description: 'A record read by its id is found through any entity and project (the path scope is ignored).',
    breaks: ['predictions.known-id-not-found-elsewhere', 'scores.known-id-not-found-elsewhere'],
    before: (req) => {
      const at = recordPathOf(req);
      return at && !at.list ? { ...req, path: `/v2/${DEFAULT_ENTITY}/${DEFAULT_PROJECT}/${at.kind}/${at.id!}` } : req;
    },
  }),
  defineFault({
    id: 'records.records-without-ids',
    description:
      'Listed records carry no prediction_id/score_id: the read checks have nothing to read (a coverage hole, not a failure).',
    breaks: [],
    after: async (req, res): Promise<MockResponse> => {
      const at = recordPathOf(req);
      if (!at?.list || res.status !== 200 || !res.stream) return res;
      const field = RECORD_KIND[at.kind].idField;
      const source = res.stream;
      async function* stripped(): AsyncGenerator<string> {
        let rest = '';
        for await (const chunk of source) {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          yield lines.map((l) => (l.trim() ? strip(l, field) : l) + '\n').join('');
        }
        if (rest.trim()) yield strip(rest, field);
      }
      return { ...res, stream: stripped() };
    },
  }),
];

function strip(line: string, field: string): string {
  try {
    const rec = JSON.parse(line) as Json;
    delete rec[field];
    return JSON.stringify(rec);
  } catch {
    return line;
  }
}
