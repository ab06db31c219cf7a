/**
 * @module Conformant variants of the mock whose bodies differ: identifiers of other shapes (chat ids,
 * training job ids, record ids), extra fields, optional fields null or absent, keys in another order,
 * another form of the record URIs; usage counted by a tokenizer of one token per character.
 */
import { randomUUID } from 'node:crypto';
import { isUuid } from '../../src/rules/records.js';
import { isOperation, recordPathOf } from '../../mock/faults/rewrite.js';
import type { MockRequest } from '../../mock/types.js';
import type { Variant, VariantHandler } from '../helpers/variant-server.js';
import type { ConformantVariant } from './variant-model.js';
import { editBodies, type Json, reversedKeys } from './variant-rewrites.js';

const isChat = (req: MockRequest): boolean => isOperation(req, 'chat.create');
const isJob = (req: MockRequest): boolean => isOperation(req, 'training-jobs.create', 'training-jobs.get');
const choicesOf = (body: Json): Json[] => (Array.isArray(body.choices) ? (body.choices as Json[]) : []);

const cmplId = (): string => `cmpl-${randomUUID().replace(/-/g, '')}`;

const chatIdOtherFormat: Variant = {
  after: editBodies({
    success: (body, req) => void (isChat(req) && typeof body.id === 'string' && (body.id = cmplId())),
    chunk: (chunk, state) => void (chunk.id = state.id ??= cmplId()),
  }),
};

/**
 * A training job id rewritten both ways: `out` on the ids the mock answers, `back` on the id a get
 * names (an id the mock never gave goes through unchanged, to its 404).
 */
function jobIds(out: (id: string) => string, back: (id: string) => string): VariantHandler {
  return async (req, handle) => {
    let forward = req;
    if (isOperation(req, 'training-jobs.get')) {
      const parts = req.path.split('/');
      const id = decodeURIComponent(parts.pop()!);
      forward = { ...req, path: [...parts, encodeURIComponent(back(id))].join('/') };
    }
    return editBodies({
      success: (body, r) => void (isJob(r) && typeof body.id === 'string' && (body.id = out(body.id))),
    })(req, await handle(forward));
  };
}

/** The version nibble of a UUID set to `v` (the UUID's other bits kept). */
const withVersion = (id: string, from: string, to: string): string =>
  isUuid(id) && id[14] === from ? `${id.slice(0, 14)}${to}${id.slice(15)}` : id;

const RECORD_ID_FIELDS = ['prediction_id', 'score_id'] as const;
const toRecordId = (id: string): string => `rec_${Buffer.from(id, 'utf8').toString('hex')}`;
function fromRecordId(id: string): string {
  const m = /^rec_((?:[0-9a-f]{2})+)$/.exec(id);
  return m ? Buffer.from(m[1]!, 'hex').toString('utf8') : id;
}

const recordIdsOtherShape: VariantHandler = async (req, handle) => {
  const where = recordPathOf(req);
  let forward = req;
  if (where?.id !== undefined) {
    const parts = req.path.split('/');
    parts.pop();
    forward = { ...req, path: [...parts, encodeURIComponent(fromRecordId(decodeURIComponent(where.id)))].join('/') };
  }
  const rename = (r: Json): void => {
    for (const f of RECORD_ID_FIELDS) if (typeof r[f] === 'string') r[f] = toRecordId(r[f] as string);
  };
  return editBodies({ record: rename })(req, await handle(forward));
};

const extraFields: Variant = {
  after: editBodies({
    success: (body) => {
      body.x_vendor = { trace_id: 'abc123', region: 'eu-west-1' };
      for (const c of choicesOf(body)) {
        c.x_choice_extra = 1;
        if (typeof c.message === 'object' && c.message !== null) (c.message as Json).x_message_extra = true;
      }
      if (typeof body.usage === 'object' && body.usage !== null) (body.usage as Json).x_cost_usd = 0.0001;
    },
    error: (body) => void (body.request_id = 'req-123'),
    chunk: (chunk) => {
      chunk.x_vendor = { shard: 3 };
      for (const c of choicesOf(chunk)) c.x_choice_extra = 1;
    },
    record: (r) => void Object.assign(r, { digest: 'sha256:abc', created_by: 'svc', attributes: {} }),
  }),
};

const nullIfAbsent = (obj: Json, keys: readonly string[]): void => {
  for (const k of keys) if (!(k in obj)) obj[k] = null;
};

const optionalNull: Variant = {
  after: editBodies({
    success: (body, req) => {
      if (!isChat(req)) return;
      nullIfAbsent(body, [
        'system_fingerprint',
        'service_tier',
        'prompt_logprobs',
        'prompt_token_ids',
        'kv_transfer_params',
      ]);
      for (const c of choicesOf(body)) {
        nullIfAbsent(c, ['logprobs', 'stop_reason', 'token_ids']);
        const m = c.message as Json;
        nullIfAbsent(m, ['refusal', 'annotations', 'audio', 'function_call', 'reasoning']);
        if (!('tool_calls' in m)) m.tool_calls = [];
      }
      if (typeof body.usage === 'object' && body.usage !== null)
        nullIfAbsent(body.usage as Json, ['prompt_tokens_details']);
    },
    chunk: (chunk) => {
      for (const c of choicesOf(chunk)) nullIfAbsent(c, ['logprobs', 'finish_reason', 'stop_reason']);
    },
    record: (r) => {
      nullIfAbsent(r, ['evaluation_run_id']);
      if ('score_id' in r && /[0-3]$/.test(String(r.score_id))) r.value = null;
    },
  }),
};

/** Deletes the keys whose value is null or that are listed. */
const drop = (obj: Json, keys: readonly string[]): void => {
  for (const k of Object.keys(obj)) if (obj[k] === null || keys.includes(k)) delete obj[k];
};

const optionalAbsent: Variant = {
  after: editBodies({
    success: (body, req) => {
      if (!isChat(req)) return;
      drop(body, ['id', 'object', 'created', 'system_fingerprint', 'service_tier']);
      for (const c of choicesOf(body)) {
        drop(c, []);
        drop(c.message as Json, []);
      }
    },
    chunk: (chunk) => void drop(chunk, ['created', 'system_fingerprint']),
    record: (r) => void drop(r, ['started_at']),
  }),
};

const keysReordered: Variant = {
  after: editBodies({
    success: (body) => reversedKeys(body) as Json,
    error: (body) => reversedKeys(body) as Json,
    chunk: (chunk) => reversedKeys(chunk) as Json,
    record: (r) => reversedKeys(r) as Json,
  }),
};

const authorityUri = (r: Json): void => {
  for (const k of ['model', 'scorer'])
    if (typeof r[k] === 'string') r[k] = (r[k] as string).replace(/^weave:\/\/\//, 'weave://');
};

const weaveAuthorityUris: Variant = {
  after: editBodies({ record: authorityUri }),
};

/** Listed records carry no ids (§2.1/§2.2 do not say which fields are required); reads keep theirs. */
const listedWithoutIds: Variant = {
  after: (req, res) =>
    recordPathOf(req)?.list
      ? editBodies({
          record: (r) => {
            for (const f of RECORD_ID_FIELDS) delete r[f];
          },
        })(req, res)
      : res,
};

export const BODY_VARIANTS: readonly ConformantVariant[] = [
  {
    id: 'chat-id-cmpl-prefix',
    description:
      'Chat completion ids are `cmpl-<random hex>`, unrelated to the request id (returned in x-request-id only), as vLLM releases before 0.4 named them.',
    variant: chatIdOtherFormat,
  },
  {
    id: 'training-job-id-uuid-v7',
    description:
      'Training job ids are version-7 (time-ordered) UUIDs, as services on PostgreSQL 18 `uuidv7()` or uuid6 mint them.',
    variant: jobIds(
      (id) => withVersion(id, '4', '7'),
      (id) => withVersion(id, '7', '4'),
    ),
  },
  {
    id: 'training-job-id-upper-case',
    description:
      'Training job ids are written in upper case (RFC 9562: UUIDs are case-insensitive on input), as .NET and SQL Server uniqueidentifier services print them.',
    variant: jobIds(
      (id) => id.toUpperCase(),
      (id) => (isUuid(id) ? id.toLowerCase() : id),
    ),
  },
  {
    id: 'record-ids-other-shape',
    description:
      "Prediction and score ids are opaque `rec_<hex>` strings rather than the mock's, the same in listings, reads and score links.",
    variant: recordIdsOtherShape,
  },
  {
    id: 'records-listed-without-ids',
    description:
      'Listed predictions and scores carry no ids (§2.1/§2.2 leave required fields unsaid), as a listing projected to its content fields; the checks that read a listed record back by id can only skip.',
    variant: listedWithoutIds,
    // Its user accepts that reading a listed record back cannot be judged: without it, COULD NOT JUDGE.
    allowGaps: ['skipped'],
  },
  {
    id: 'extra-fields',
    description:
      'Every answer carries fields the interface does not name (top level, choices, messages, usage, chunks, records, error bodies), as OpenAI, vLLM and hosted gateways add.',
    variant: extraFields,
  },
  {
    id: 'optional-fields-null',
    description:
      'Unset optional fields are sent as null (message refusal/audio/function_call/reasoning, choice logprobs/stop_reason, system_fingerprint, record evaluation_run_id, some score values), as vLLM and pydantic models serialise them.',
    variant: optionalNull,
  },
  {
    id: 'optional-fields-absent',
    description:
      "Optional fields are left out instead of null (chat id, object, created, system_fingerprint; null choice and message fields; the records' started_at), as llama.cpp and TGI answer.",
    variant: optionalAbsent,
  },
  {
    id: 'keys-reordered',
    description:
      'Every JSON object (answers, errors, chunks, records) has its keys in reverse order, as another serializer writes them.',
    variant: keysReordered,
  },
  {
    id: 'weave-authority-uris',
    description:
      'Record URIs are written `weave://entity/project/…` (authority form) rather than `weave:///entity/project/…`.',
    variant: weaveAuthorityUris,
  },
  {
    id: 'llama-cpp-tiny-vocabulary',
    description:
      "A tiny vocabulary spends one token per character (llama.cpp's llama-server serving stories260K, 4 slots of 512 tokens): a window of 512, prompts over it refused in llama.cpp's words with its counts (`n_prompt_tokens`, `n_ctx`).",
    variant: {},
    mock: { maxContextTokens: 512, contextWording: 'llamacpp', tokenizer: 'characters' },
    // Completions of up to 100 tokens: with the default 16, the window is met at 8 of the 10 seeds.
    target: { maxCompletionTokens: 100 },
  },
];
