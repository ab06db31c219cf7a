/** @module Planted faults each missed by every check until coverage closed the gap. */
import { randomUUID } from 'node:crypto';
import { DEFAULT_ENTITY, DEFAULT_PROJECT } from '../../src/core/defaults.js';
import { OPERATIONS, type OperationId } from '../../src/core/operations.js';
import { RECORD_KIND } from '../../src/core/record-kinds.js';
import { is4xx } from '../../src/core/values.js';
import { internalError, jsonResponse, openaiError, validationError } from '../errors.js';
import { basicPairOf, bearerTokenOf } from '../http/auth.js';
import type { MockRequest } from '../types.js';
import { type Scheme, serveWhen, validHeader } from './auth.js';
import {
  chatBody,
  dropChatFields,
  isChat,
  isOperation,
  jsonBodyOf,
  mapJsonlRecords,
  recordPathOf,
  refuseWhen,
  rewriteChatWhen,
  rewriteEvents,
  withJson,
  type Json,
} from './rewrite.js';
import { faultTable, type Fault } from './types.js';

const TRAINING: readonly OperationId[] = ['training-jobs.create', 'trajectories.log'];

const trainingBody = (req: MockRequest): Json | undefined =>
  isOperation(req, ...TRAINING) ? jsonBodyOf(req) : undefined;
const trajectoriesOf = (body: Json): Json[] =>
  (Array.isArray(body.trajectory_groups) ? body.trajectory_groups : [])
    .flatMap((g) => ((g as Json | null)?.trajectories as Json[] | undefined) ?? [])
    .filter((t) => typeof t === 'object' && t !== null);
const streamed = (b: Json): boolean => b.stream === true;

const slugs = (scheme: Scheme): string[] =>
  OPERATIONS.filter((o) => o.auth === scheme).map(
    (o) => `auth.rejects-derived-credentials.${o.id.replace(/\./g, '-')}`,
  );
const userOf = (basic: string): string => basic.slice(0, basic.indexOf(':'));

export const coverageFaults: readonly Fault[] = faultTable({
  'acceptance.documents-or-engine-xargs-crash': {
    description: 'A valid chat request carrying `documents` or `engine_xargs` is answered 500.',
    breaks: ['acceptance.every-field-accepted.chat-create', 'acceptance.every-field-accepted.chat-create-streamed'],
    before: refuseWhen(
      chatBody,
      (b) => b.documents !== undefined || b.engine_xargs !== undefined,
      () => internalError('openai'),
    ),
  },
  'acceptance.trajectory-logs-rejected': {
    description: 'A §4.2/§4.4 request whose trajectory carries `logs` entries is refused with a 422.',
    breaks: [
      'acceptance.every-field-accepted.training-jobs-create',
      'acceptance.every-field-accepted.trajectories-log',
    ],
    before: refuseWhen(
      trainingBody,
      (b) => trajectoriesOf(b).some((t) => Array.isArray(t.logs) && t.logs.length > 0),
      () =>
        validationError([
          {
            loc: ['body', 'trajectory_groups', '0', 'trajectories', '0', 'logs'],
            msg: 'logs are not supported',
            type: 'value_error',
          },
        ]),
    ),
  },
  'errors.tool-type-not-enforced': {
    description: 'tools[].type is not checked against its only value `function`.',
    breaks: ['errors.each-constraint-rejected.chat-create'],
    before: rewriteChatWhen(
      (b) => Array.isArray(b.tools),
      (b) =>
        (b.tools = (b.tools as unknown[]).map((t) =>
          t !== null && typeof t === 'object' ? { ...t, type: 'function' } : t,
        )),
    ),
  },
  'errors.start-time-format-not-enforced': {
    description: 'A trajectory start_time that is not an ISO 8601 date-time is accepted.',
    breaks: [
      'errors.each-constraint-rejected.training-jobs-create',
      'errors.each-constraint-rejected.trajectories-log',
    ],
    before: (req) => {
      const b = trainingBody(req);
      if (!b) return req;
      for (const t of trajectoriesOf(b))
        if (typeof t.start_time === 'string' && Number.isNaN(Date.parse(t.start_time)))
          t.start_time = '2025-01-01T00:00:00Z';
      return withJson(req, b);
    },
  },
  'acceptance.truncate-capped-at-int32': {
    description: 'truncate_prompt_tokens above 2^31-1, though inside the §8 range, is refused.',
    breaks: ['acceptance.documented-bounds-accepted.chat-create'],
    before: refuseWhen(
      chatBody,
      (b) => typeof b.truncate_prompt_tokens === 'number' && b.truncate_prompt_tokens > 2 ** 31 - 1,
      () => openaiError(400, 'truncate_prompt_tokens must fit in 32 bits', 'truncate_prompt_tokens'),
    ),
  },
  'chat-completions.request-id-not-in-stream': {
    description:
      'request_id is returned in a non-streamed answer, but streamed chunks carry an id of their own and no x-request-id.',
    breaks: ['chat-completions.returns-request-id.streamed'],
    after: (req, res) => {
      if (!isChat(req) || !res.stream) return res;
      const id = `chatcmpl-${randomUUID()}`;
      const { 'x-request-id': _dropped, ...headers } = res.headers;
      return { ...rewriteEvents((event) => event.replace(/"id":"[^"]*"/, `"id":"${id}"`))(req, res), headers };
    },
  },
  'chat-completions.echo-ignored-when-streamed': {
    description: 'echo is honoured without stream, and ignored in a streamed answer.',
    breaks: ['chat-completions.echo-prepends-last-message.streamed'],
    before: dropChatFields((b) => streamed(b) && b.echo !== undefined, 'echo'),
  },
  'chat-completions.max-tokens-ignored-when-streamed': {
    description: 'max_completion_tokens and max_tokens bound a non-streamed answer, and are ignored in a streamed one.',
    breaks: ['chat-completions.max-tokens-bound-completion.streamed'],
    before: dropChatFields(streamed, 'max_completion_tokens', 'max_tokens'),
  },
  'chat-completions.output-controls-ignored-when-streamed': {
    description:
      'structured_outputs, response_format and include_reasoning shape a non-streamed answer, and are ignored in a streamed one.',
    breaks: [
      'chat-completions.structured-outputs-choice.streamed',
      'chat-completions.structured-outputs-regex.streamed',
      'chat-completions.structured-outputs-json.streamed',
      'chat-completions.response-format-json-schema.streamed',
      'chat-completions.include-reasoning-false-omits-reasoning.streamed',
    ],
    before: dropChatFields(streamed, 'structured_outputs', 'response_format', 'include_reasoning'),
  },
  'chat-completions.token-controls-ignored-when-streamed': {
    description:
      'logprobs, top_logprobs and min_tokens shape a non-streamed answer, and are ignored in a streamed one.',
    breaks: ['chat-completions.logprobs-shape-and-counts.streamed', 'chat-completions.min-tokens-honoured.streamed'],
    before: dropChatFields(streamed, 'logprobs', 'top_logprobs', 'min_tokens'),
  },
  'chat-completions.section-7-not-enforced-when-streamed': {
    description:
      'The §7 conditions (priority without scheduling, continue_final_message with add_generation_prompt) are enforced without stream, and not with it.',
    breaks: [
      'chat-completions.priority-follows-scheduling.streamed',
      'chat-completions.rejects-continue-with-generation-prompt.streamed',
    ],
    before: rewriteChatWhen(streamed, (b) => {
      delete b.priority;
      if (b.continue_final_message === true) delete b.add_generation_prompt;
    }),
  },
  'chat-completions.rules-not-enforced': {
    description: 'A chat request refused by a rule is answered 200 with a completion instead.',
    breaks: ['chat-completions.each-rule-rejected', 'chat-completions.each-rule-rejected.streamed'],
    after: (req, res) =>
      chatBody(req) && is4xx(res.status) && res.status !== 401
        ? jsonResponse(200, {
            id: 'chatcmpl-lenient',
            object: 'chat.completion',
            created: 0,
            model: 'lenient',
            choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          })
        : res,
  },
  'auth.v1-token-accepted-on-v2': {
    description: 'The /v1 bearer token is accepted on /v2, as Bearer or as the password of Basic credentials.',
    breaks: slugs('basic'),
    before: serveWhen(
      (h, scheme, ctx) =>
        scheme === 'basic' && (bearerTokenOf(h) === ctx.token || basicPairOf(h)?.password === ctx.token),
    ),
  },
  'auth.basic-password-not-checked': {
    description: 'Basic credentials with the right username are accepted whatever the password.',
    breaks: slugs('basic'),
    before: serveWhen((h, scheme, ctx) => scheme === 'basic' && basicPairOf(h)?.user === userOf(ctx.basic)),
  },
  'auth.v2-basic-accepted-on-v1': {
    description: 'The /v2 basic credentials are accepted on /v1.',
    breaks: slugs('bearer'),
    before: serveWhen((h, scheme, ctx) => scheme === 'bearer' && h === validHeader('basic', ctx)),
  },
  'auth.token-prefix-accepted': {
    description: 'Any bearer token that starts with the real one is accepted.',
    breaks: slugs('bearer'),
    before: serveWhen((h, scheme, ctx) => scheme === 'bearer' && (bearerTokenOf(h)?.startsWith(ctx.token) ?? false)),
  },
  'auth.token-compared-by-prefix': {
    description: 'A bearer token is compared only as far as it goes: the real token truncated is accepted.',
    breaks: slugs('bearer'),
    before: serveWhen((h, scheme, ctx) => {
      const t = bearerTokenOf(h);
      return scheme === 'bearer' && t !== undefined && t.length >= 3 && ctx.token.startsWith(t);
    }),
  },
  'records.read-ignores-scope': {
    description: 'A record read by its id is found through any entity and project (the path scope is ignored).',
    breaks: ['predictions.known-id-not-found-elsewhere', 'scores.known-id-not-found-elsewhere'],
    before: (req) => {
      const at = recordPathOf(req);
      return at && !at.list ? { ...req, path: `/v2/${DEFAULT_ENTITY}/${DEFAULT_PROJECT}/${at.kind}/${at.id!}` } : req;
    },
  },
  'records.records-without-ids': {
    description:
      'Listed records carry no prediction_id/score_id: the read checks have nothing to read (a coverage hole, not a failure).',
    breaks: [],
    after: (req, res) => {
      const at = recordPathOf(req);
      if (!at?.list || res.status !== 200 || !res.stream) return res;
      const field = RECORD_KIND[at.kind].idField;
      return {
        ...res,
        stream: mapJsonlRecords(res.stream, (r) => {
          delete r[field];
          return r;
        }),
      };
    },
  },
});
