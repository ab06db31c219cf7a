/** @module Planted faults for the training-jobs (§4.2–§4.3) and trajectories (§4.4, §7) checks. */
import { randomUUID } from 'node:crypto';
import type { MockRequest, MockResponse } from '../types.js';
import { familyError, internalError, jsonResponse, validationError } from '../errors.js';
import { isOperation, jsonBodyOf, rewriteDetail, rewriteJsonAnswer, withJson, type Json } from './rewrite.js';
import { faultTable, type Fault } from './types.js';
import { isJsonObject } from '../../src/core/values.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Obj = Json;
const isCreate = (req: MockRequest): boolean => isOperation(req, 'training-jobs.create');
const isGet = (req: MockRequest): boolean => isOperation(req, 'training-jobs.get');
const isLog = (req: MockRequest): boolean => isOperation(req, 'trajectories.log');
const splitOf = (req: MockRequest): unknown => (isLog(req) ? jsonBodyOf(req)?.split : undefined);
/** The job id of a §4.3 read, as sent (still percent-encoded). */
const jobIdOf = (req: MockRequest): string | undefined =>
  isGet(req) ? req.path.replace(/\/$/, '').split('/').at(-1) : undefined;

const rewriteBody =
  (applies: (req: MockRequest) => boolean, fn: (body: Obj) => Obj) =>
  (req: MockRequest): MockRequest => {
    const body = applies(req) ? jsonBodyOf(req) : undefined;
    return body ? withJson(req, fn(body)) : req;
  };

function mapTrajectories(groups: unknown, fn: (t: Obj) => Obj): unknown {
  if (!Array.isArray(groups)) return groups;
  return groups.map((g) =>
    isJsonObject(g) && Array.isArray(g.trajectories)
      ? { ...g, trajectories: g.trajectories.map((t) => (isJsonObject(t) ? fn(t) : t)) }
      : g,
  );
}

/** A `before` that drops a trajectory's `field` where `keep` fails, instead of rejecting it. */
const dropTrajectoryField = (applies: (req: MockRequest) => boolean, field: string, keep: (v: unknown) => boolean) =>
  rewriteBody(applies, (body) => ({
    ...body,
    trajectory_groups: mapTrajectories(body.trajectory_groups, (t) => {
      if (!(field in t) || keep(t[field])) return t;
      const { [field]: _drop, ...rest } = t;
      return rest;
    }),
  }));

const ok = (status: number): boolean => status < 300;

const bodyError = (msg: string): MockResponse => validationError([{ loc: ['body'], msg, type: 'value_error' }]);

const KNOWN_LEVELS = ['token', 'sequence', 'average', 'geometric_average'];

export const trainingFaults: readonly Fault[] = faultTable({
  'training-jobs.create-id-not-uuid': {
    description: 'Create answers an `id` that is not a UUID (a sequential job name).',
    breaks: [
      'training-jobs.create-returns-uuid-id',
      'training-jobs.accepts-realistic-bodies',
      'acceptance.valid-request-succeeds.training-jobs-create',
    ],
    after: rewriteJsonAnswer(isCreate, (job) => (job.id = 'job-000123'), ok),
  },
  'training-jobs.create-without-id': {
    description: 'Create answers 201 with `{"status": "queued"}`: no id.',
    breaks: ['training-jobs.create-returns-uuid-id'],
    after: (req, res) => (isCreate(req) && ok(res.status) ? { ...res, status: 201, json: { status: 'queued' } } : res),
  },
  'training-jobs.get-returns-other-id': {
    description: 'Get answers a job with another UUID than the one asked for.',
    breaks: ['training-jobs.get-returns-same-id'],
    after: rewriteJsonAnswer(isGet, (job) => (job.id = randomUUID()), ok),
  },
  'training-jobs.get-forgets-jobs': {
    description: 'Get answers 404 for a job that was just created.',
    breaks: ['training-jobs.get-returns-same-id'],
    after: (req, res) => (isGet(req) && ok(res.status) ? familyError('fastapi', 404, 'Training job not found') : res),
  },
  'training-jobs.unknown-job-is-200': {
    description: 'Get answers 200 echoing any well-formed UUID, as if every job existed.',
    breaks: ['training-jobs.unknown-id-is-404'],
    after: (req, res) => {
      const id = jobIdOf(req);
      return id !== undefined && UUID.test(id) && res.status === 404 ? jsonResponse(200, { id }) : res;
    },
  },
  'training-jobs.malformed-job-id-is-500': {
    description: 'Get with an id that is not a UUID crashes: a 500 instead of a 4xx.',
    breaks: ['training-jobs.malformed-id-is-4xx'],
    after: (req, res) => {
      const id = jobIdOf(req);
      return id !== undefined && !UUID.test(decodeURIComponent(id)) ? internalError('fastapi') : res;
    },
  },
  'training-jobs.model-id-unchecked': {
    description: 'A model_id that is not a UUID string is accepted (replaced by a valid one before validation).',
    breaks: ['training-jobs.rejects-non-uuid-model-id'],
    before: rewriteBody(isCreate, (body) =>
      'model_id' in body && !(typeof body.model_id === 'string' && UUID.test(body.model_id))
        ? { ...body, model_id: randomUUID() }
        : body,
    ),
  },
  'training-jobs.experimental-config-booleans-unchecked': {
    description: 'Boolean experimental_config fields of another type are dropped instead of rejected.',
    breaks: ['training-jobs.rejects-wrong-experimental-config-types'],
    before: rewriteBody(isCreate, (body) => {
      const config = body.experimental_config;
      if (!isJsonObject(config)) return body;
      const kept = Object.fromEntries(
        Object.entries(config).filter(
          ([k, v]) =>
            !['mask_prob_ratio', 'ppo', 'precalculate_logprobs', 'scale_rewards'].includes(k) || typeof v === 'boolean',
        ),
      );
      return { ...body, experimental_config: kept };
    }),
  },
  'training-jobs.experimental-config-not-an-object-accepted': {
    description: 'An experimental_config that is not an object (a string, an array) is ignored instead of rejected.',
    breaks: ['training-jobs.rejects-wrong-experimental-config-types'],
    before: rewriteBody(isCreate, (body) => {
      if (body.experimental_config == null || isJsonObject(body.experimental_config)) return body;
      const { experimental_config: _drop, ...rest } = body;
      return rest;
    }),
  },
  'training-jobs.importance-sampling-level-unchecked': {
    description: 'Any importance_sampling_level string is accepted (read as `token`).',
    breaks: ['training-jobs.rejects-unknown-importance-sampling-level'],
    before: rewriteBody(isCreate, (body) => {
      const config = body.experimental_config;
      const level = isJsonObject(config) ? config.importance_sampling_level : undefined;
      if (typeof level !== 'string' || KNOWN_LEVELS.includes(level)) return body;
      return { ...body, experimental_config: { ...(config as Obj), importance_sampling_level: 'token' } };
    }),
  },
  'training-jobs.reward-type-unchecked': {
    description: 'A trajectory reward that is not a number is dropped instead of rejected (create and log).',
    breaks: ['training-jobs.rejects-wrong-trajectory-types', 'trajectories.rejects-invalid-groups'],
    before: dropTrajectoryField(
      (req) => isCreate(req) || isLog(req),
      'reward',
      (v) => typeof v === 'number',
    ),
  },
  'training-jobs.start-time-unchecked': {
    description:
      'A trajectory start_time that is not an ISO 8601 date-time is dropped instead of rejected (create only).',
    breaks: ['training-jobs.rejects-wrong-trajectory-types'],
    before: dropTrajectoryField(isCreate, 'start_time', (v) => typeof v !== 'string' || !Number.isNaN(Date.parse(v))),
  },
  'training-jobs.choice-objects-rejected': {
    description:
      'Create rejects trajectories whose messages_and_choices hold an OpenAI Choice object (what real clients send).',
    breaks: ['training-jobs.accepts-realistic-bodies'],
    before: (req) => {
      if (!isCreate(req)) return req;
      const groups = jsonBodyOf(req)?.trajectory_groups;
      const hasChoice = JSON.stringify(groups ?? null).includes('"finish_reason"');
      return hasChoice ? bodyError('messages_and_choices: Choice objects are not supported') : req;
    },
  },

  'trajectories.val-split-rejected': {
    description: 'Logging rejects the `val` split with a 422.',
    breaks: ['trajectories.accepts-valid-groups'],
    before: (req) => (splitOf(req) === 'val' ? bodyError("split: Input should be 'train'") : req),
  },
  'trajectories.only-known-splits': {
    description: 'Logging rejects any split other than `train` and `val`.',
    breaks: ['trajectories.accepts-any-split-string'],
    before: (req) => {
      const split = splitOf(req);
      return typeof split === 'string' && split !== 'train' && split !== 'val'
        ? bodyError("split: Input should be 'train' or 'val'")
        : req;
    },
  },
  'trajectories.split-type-unchecked': {
    description: 'A split that is not a string is coerced to "train" instead of rejected.',
    breaks: ['trajectories.rejects-invalid-groups'],
    before: rewriteBody(isLog, (body) =>
      'split' in body && typeof body.split !== 'string' ? { ...body, split: 'train' } : body,
    ),
  },
  'trajectories.invalid-groups-are-500': {
    description: 'Logging crashes on groups of the wrong structure: a 500 instead of a 4xx.',
    breaks: ['trajectories.rejects-invalid-groups'],
    after: (req, res) => {
      if (!isLog(req) || res.status !== 422) return res;
      const groups = jsonBodyOf(req)?.trajectory_groups;
      const broken = !Array.isArray(groups) || groups.some((g) => !isJsonObject(g) || !Array.isArray(g.trajectories));
      return broken ? { status: 500, headers: { 'content-type': 'text/plain' }, body: 'Internal Server Error' } : res;
    },
  },
  'trajectories.error-body-openai-envelope': {
    description: 'Rejected log bodies are answered with the OpenAI error envelope instead of the §7 `detail[]` body.',
    breaks: ['trajectories.validation-error-body'],
    after: (req, res) =>
      isLog(req) && res.status === 422
        ? {
            ...res,
            json: { error: { message: 'Invalid request body', type: 'BadRequestError', param: null, code: 422 } },
          }
        : res,
  },
  'trajectories.error-loc-dotted-string': {
    description: 'Rejected log bodies carry `detail[].loc` as a dotted string ("body.split"), not an array.',
    breaks: ['trajectories.validation-error-body'],
    after: rewriteDetail(isLog, (d) => (isJsonObject(d) && Array.isArray(d.loc) ? { ...d, loc: d.loc.join('.') } : d)),
  },
  'trajectories.error-detail-without-msg': {
    description: 'Rejected log bodies carry detail items without `msg`.',
    breaks: ['trajectories.validation-error-body'],
    after: rewriteDetail(isLog, (d) => (isJsonObject(d) ? { loc: d.loc, type: d.type } : d)),
  },
});
