/**
 * @module Planted faults for the acceptance checks (suites/acceptance): valid requests refused or
 * answered with something other than the §4 response (a wrong status, a body that breaks the
 * response schema, a listing without its JSONL content type).
 */
import { openaiError, validationError } from '../errors.js';
import type { MockRequest, MockResponse } from '../types.js';
import { isChat, isOperation, mapJsonlRecords, parseJsonBody } from './rewrite.js';
import { defineFault, type Fault } from './types.js';
import { is2xx } from '../../src/core/values.js';

const isList = (req: MockRequest): boolean => isOperation(req, 'predictions.list', 'scores.list');

const acceptanceId = (rule: string, slug: string): string => `acceptance.${rule}.${slug}`;
const isJobGet = (req: MockRequest): boolean => isOperation(req, 'training-jobs.get');
const isLog = (req: MockRequest): boolean => isOperation(req, 'trajectories.log');

/** Optional §4.1 fields a realistic request often carries. */
const SAMPLING_FIELDS = ['temperature', 'top_p', 'top_k', 'seed', 'stop', 'n', 'presence_penalty', 'frequency_penalty'];

export const acceptanceFaults: readonly Fault[] = [
  defineFault({
    id: 'acceptance.chat-rejects-sampling-fields',
    description:
      'Chat requests carrying documented optional sampling fields (temperature, top_p, seed, stop, n, …) are refused with 400.',
    breaks: [acceptanceId('valid-request-succeeds', 'chat-create')],
    before: (req): MockRequest | MockResponse => {
      if (!isChat(req)) return req;
      const p = parseJsonBody(req);
      const field = p.kind === 'object' ? SAMPLING_FIELDS.find((f) => f in p.value) : undefined;
      return field ? openaiError(400, `Unsupported parameter: '${field}'`, field) : req;
    },
  }),
  defineFault({
    id: 'acceptance.chat-refuses-echo-with-logprobs',
    description:
      'A valid combination is refused: a chat request with both `echo: true` and `logprobs: true` gets a 400 ' +
      '(each alone is accepted), as an engine refuses a feature pair it does not implement.',
    breaks: [
      acceptanceId('every-field-accepted', 'chat-create'),
      acceptanceId('every-field-accepted', 'chat-create-streamed'),
    ],
    before: (req): MockRequest | MockResponse => {
      if (!isChat(req)) return req;
      const p = parseJsonBody(req);
      return p.kind === 'object' && p.value.echo === true && p.value.logprobs === true
        ? openaiError(400, 'echo is not supported together with logprobs', 'echo')
        : req;
    },
  }),
  defineFault({
    id: 'acceptance.chat-claims-context-limit',
    description:
      'Chat requests opening with an instruction (a system or developer message), however short, are refused with ' +
      "vLLM's words for a request over a context window of 10000 tokens: a claim the request does not bear out.",
    breaks: [
      acceptanceId('valid-request-succeeds', 'chat-create'),
      acceptanceId('every-field-accepted', 'chat-create'),
      acceptanceId('every-field-accepted', 'chat-create-streamed'),
    ],
    before: (req): MockRequest | MockResponse => {
      if (!isChat(req)) return req;
      const p = parseJsonBody(req);
      const messages = p.kind === 'object' ? p.value.messages : undefined;
      const first = Array.isArray(messages) ? (messages[0] as { role?: unknown } | undefined) : undefined;
      return first?.role === 'system' || first?.role === 'developer'
        ? openaiError(
            400,
            "This model's maximum context length is 10000 tokens. However, your request has 10240 input tokens. Please reduce the length of the input messages.",
          )
        : req;
    },
  }),
  defineFault({
    id: 'acceptance.chat-response-without-usage',
    description: 'Chat completions are answered without the required `usage` object.',
    breaks: [acceptanceId('valid-request-succeeds', 'chat-create'), 'chat-completions.trailing-slash-path'],
    after: (req, res) => {
      if (!isChat(req) || !is2xx(res.status) || res.json === undefined) return res;
      const { usage: _usage, ...rest } = res.json as Record<string, unknown>;
      return { ...res, json: rest };
    },
  }),
  defineFault({
    id: 'acceptance.training-get-without-id',
    description: 'A training job read by id is answered without its `id`.',
    breaks: [acceptanceId('valid-request-succeeds', 'training-jobs-get')],
    after: (req, res) => {
      if (!isJobGet(req) || !is2xx(res.status) || !res.json) return res;
      const { id: _id, ...rest } = res.json as Record<string, unknown>;
      return { ...res, json: rest };
    },
  }),
  defineFault({
    id: 'acceptance.log-rejects-val-split',
    description: 'Logging refuses the `val` split (the spec allows any split) with a 422.',
    breaks: [acceptanceId('valid-request-succeeds', 'trajectories-log')],
    before: (req): MockRequest | MockResponse => {
      if (!isLog(req)) return req;
      const p = parseJsonBody(req);
      return p.kind === 'object' && p.value.split === 'val'
        ? validationError([{ loc: ['body', 'split'], msg: "Input should be 'train'", type: 'literal_error' }])
        : req;
    },
  }),
  defineFault({
    id: 'acceptance.prediction-list-inputs-not-object',
    description: 'Listed predictions carry `inputs` as a string instead of an object.',
    breaks: [acceptanceId('valid-request-succeeds', 'predictions-list')],
    after: (req, res) =>
      isOperation(req, 'predictions.list') && is2xx(res.status) && res.stream
        ? { ...res, stream: mapJsonlRecords(res.stream, (r) => ({ ...r, inputs: 'not an object' })) }
        : res,
  }),
  defineFault({
    id: 'acceptance.score-list-value-not-number',
    description: 'Listed scores carry `value` as a string instead of a number.',
    breaks: [acceptanceId('valid-request-succeeds', 'scores-list')],
    after: (req, res) =>
      isOperation(req, 'scores.list') && is2xx(res.status) && res.stream
        ? { ...res, stream: mapJsonlRecords(res.stream, (r) => ({ ...r, value: 'high' })) }
        : res,
  }),
  defineFault({
    id: 'acceptance.prediction-read-inputs-not-object',
    description: 'A prediction read by id carries `inputs` as a string instead of an object.',
    breaks: [acceptanceId('valid-request-succeeds', 'predictions-read')],
    after: (req, res) =>
      isOperation(req, 'predictions.read') && is2xx(res.status) && res.json
        ? { ...res, json: { ...(res.json as object), inputs: 'not an object' } }
        : res,
  }),
  defineFault({
    id: 'acceptance.score-read-value-not-number',
    description: 'A score read by id carries `value` as a string instead of a number.',
    breaks: [acceptanceId('valid-request-succeeds', 'scores-read')],
    after: (req, res) =>
      isOperation(req, 'scores.read') && is2xx(res.status) && res.json
        ? { ...res, json: { ...(res.json as object), value: 'high' } }
        : res,
  }),
  defineFault({
    id: 'acceptance.json-labelled-text-plain',
    description: 'Successful JSON answers are labelled `text/plain`.',
    breaks: [
      'chat-create',
      'training-jobs-create',
      'training-jobs-get',
      'trajectories-log',
      'predictions-read',
      'scores-read',
    ].map((s) => acceptanceId('json-content-type', s)),
    after: (_req, res) =>
      is2xx(res.status) && res.json !== undefined
        ? { ...res, headers: { ...res.headers, 'content-type': 'text/plain; charset=utf-8' } }
        : res,
  }),
  defineFault({
    id: 'acceptance.jsonl-labelled-json',
    description: 'JSONL listings are labelled `application/json` instead of a JSONL media type.',
    breaks: ['predictions-list', 'scores-list'].map((s) => acceptanceId('jsonl-content-type', s)),
    after: (req, res) =>
      isList(req) && is2xx(res.status)
        ? { ...res, headers: { ...res.headers, 'content-type': 'application/json' } }
        : res,
  }),
];
