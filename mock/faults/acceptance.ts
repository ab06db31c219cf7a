/** @module Planted faults for the acceptance checks: valid requests refused or answered wrongly. */
import type { OperationId } from '../../src/core/operations.js';
import { is2xx } from '../../src/core/values.js';
import { openaiError, validationError } from '../errors.js';
import type { MockRequest, MockResponse } from '../types.js';
import { isOperation, type Json, mapJsonlRecords, refuseWhen, strictBody } from './rewrite.js';
import { faultTable, type Fault } from './types.js';

const acceptanceId = (rule: string, slug: string): string => `acceptance.${rule}.${slug}`;

const SAMPLING_FIELDS = ['temperature', 'top_p', 'top_k', 'seed', 'stop', 'n', 'presence_penalty', 'frequency_penalty'];
const samplingField = (b: Json): string | undefined => SAMPLING_FIELDS.find((f) => f in b);

const strictChatBody = strictBody('chat.create');
const logBody = strictBody('trajectories.log');

/** An `after` that drops a field of the 2xx JSON answers to `op`. */
const withoutField =
  (op: OperationId, field: string) =>
  (req: MockRequest, res: MockResponse): MockResponse => {
    if (!isOperation(req, op) || !is2xx(res.status) || !res.json) return res;
    const { [field]: _dropped, ...rest } = res.json as Json;
    return { ...res, json: rest };
  };

/** An `after` that sets a field of every record of the 2xx answers to `op` (a listing's lines, a read's object). */
const withRecordField =
  (op: OperationId, field: string, value: unknown) =>
  (req: MockRequest, res: MockResponse): MockResponse => {
    if (!isOperation(req, op) || !is2xx(res.status)) return res;
    if (op.endsWith('.list'))
      return res.stream ? { ...res, stream: mapJsonlRecords(res.stream, (r) => ({ ...r, [field]: value })) } : res;
    return res.json ? { ...res, json: { ...(res.json as object), [field]: value } } : res;
  };

/** An `after` that labels the 2xx answers `applies` picks with another content type. */
const labelled =
  (type: string, applies: (req: MockRequest, res: MockResponse) => boolean) =>
  (req: MockRequest, res: MockResponse): MockResponse =>
    is2xx(res.status) && applies(req, res) ? { ...res, headers: { ...res.headers, 'content-type': type } } : res;

export const acceptanceFaults: readonly Fault[] = faultTable({
  'acceptance.chat-rejects-sampling-fields': {
    description:
      'Chat requests carrying documented optional sampling fields (temperature, top_p, seed, stop, n, …) are refused with 400.',
    breaks: [acceptanceId('valid-request-succeeds', 'chat-create')],
    before: refuseWhen(strictChatBody, samplingField, (b) => {
      const field = samplingField(b)!;
      return openaiError(400, `Unsupported parameter: '${field}'`, field);
    }),
  },
  'acceptance.chat-refuses-echo-with-logprobs': {
    description:
      'A valid combination is refused: a chat request with both `echo: true` and `logprobs: true` gets a 400 ' +
      '(each alone is accepted), as an engine refuses a feature pair it does not implement.',
    breaks: [
      acceptanceId('every-field-accepted', 'chat-create'),
      acceptanceId('every-field-accepted', 'chat-create-streamed'),
    ],
    before: refuseWhen(
      strictChatBody,
      (b) => b.echo === true && b.logprobs === true,
      () => openaiError(400, 'echo is not supported together with logprobs', 'echo'),
    ),
  },
  'acceptance.chat-claims-context-limit': {
    description:
      'Chat requests opening with an instruction (a system or developer message), however short, are refused with ' +
      "vLLM's words for a request over a context window of 10000 tokens: a claim the request does not bear out.",
    breaks: [
      acceptanceId('valid-request-succeeds', 'chat-create'),
      acceptanceId('every-field-accepted', 'chat-create'),
      acceptanceId('every-field-accepted', 'chat-create-streamed'),
    ],
    before: refuseWhen(
      strictChatBody,
      (b) => {
        const first = Array.isArray(b.messages) ? (b.messages[0] as { role?: unknown } | undefined) : undefined;
        return first?.role === 'system' || first?.role === 'developer';
      },
      () =>
        openaiError(
          400,
          "This model's maximum context length is 10000 tokens. However, your request has 10240 input tokens. Please reduce the length of the input messages.",
        ),
    ),
  },
  'acceptance.chat-response-without-usage': {
    description: 'Chat completions are answered without the required `usage` object.',
    breaks: [acceptanceId('valid-request-succeeds', 'chat-create'), 'chat-completions.trailing-slash-path'],
    after: withoutField('chat.create', 'usage'),
  },
  'acceptance.training-get-without-id': {
    description: 'A training job read by id is answered without its `id`.',
    breaks: [acceptanceId('valid-request-succeeds', 'training-jobs-get')],
    after: withoutField('training-jobs.get', 'id'),
  },
  'acceptance.log-rejects-val-split': {
    description: 'Logging refuses the `val` split (the spec allows any split) with a 422.',
    breaks: [acceptanceId('valid-request-succeeds', 'trajectories-log')],
    before: refuseWhen(
      logBody,
      (b) => b.split === 'val',
      () => validationError([{ loc: ['body', 'split'], msg: "Input should be 'train'", type: 'literal_error' }]),
    ),
  },
  'acceptance.prediction-list-inputs-not-object': {
    description: 'Listed predictions carry `inputs` as a string instead of an object.',
    breaks: [acceptanceId('valid-request-succeeds', 'predictions-list')],
    after: withRecordField('predictions.list', 'inputs', 'not an object'),
  },
  'acceptance.score-list-value-not-number': {
    description: 'Listed scores carry `value` as a string instead of a number.',
    breaks: [acceptanceId('valid-request-succeeds', 'scores-list')],
    after: withRecordField('scores.list', 'value', 'high'),
  },
  'acceptance.prediction-read-inputs-not-object': {
    description: 'A prediction read by id carries `inputs` as a string instead of an object.',
    breaks: [acceptanceId('valid-request-succeeds', 'predictions-read')],
    after: withRecordField('predictions.read', 'inputs', 'not an object'),
  },
  'acceptance.score-read-value-not-number': {
    description: 'A score read by id carries `value` as a string instead of a number.',
    breaks: [acceptanceId('valid-request-succeeds', 'scores-read')],
    after: withRecordField('scores.read', 'value', 'high'),
  },
  'acceptance.json-labelled-text-plain': {
    description: 'Successful JSON answers are labelled `text/plain`.',
    breaks: [
      'chat-create',
      'training-jobs-create',
      'training-jobs-get',
      'trajectories-log',
      'predictions-read',
      'scores-read',
    ].map((s) => acceptanceId('json-content-type', s)),
    after: labelled('text/plain; charset=utf-8', (_req, res) => res.json !== undefined),
  },
  'acceptance.jsonl-labelled-json': {
    description: 'JSONL listings are labelled `application/json` instead of a JSONL media type.',
    breaks: ['predictions-list', 'scores-list'].map((s) => acceptanceId('jsonl-content-type', s)),
    after: labelled('application/json', (req) => isOperation(req, 'predictions.list', 'scores.list')),
  },
});
