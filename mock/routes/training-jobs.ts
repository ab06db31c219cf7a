/** @module §4.2/§4.3 training jobs, as the FastAPI service answers: 422 `detail[]`, `{id}`, 404 `{detail}`. */
import { randomUUID } from 'node:crypto';
import { jobNotFound, jsonResponse, validationError } from '../errors.js';
import { readJsonObject } from '../http/body.js';
import { toDetail, validateAll } from '../http/validate.js';
import type { MockResponse } from '../types.js';
import type { RouteContext } from './types.js';

/** FastAPI treats an explicit null as "unset" for optional fields; real clients send them (docs/conventions.md). */
function withoutNullConfig(body: Record<string, unknown>): Record<string, unknown> {
  const config = body.experimental_config;
  if (config === null) {
    const { experimental_config: _drop, ...rest } = body;
    return rest;
  }
  if (typeof config !== 'object' || Array.isArray(config)) return body;
  return {
    ...body,
    experimental_config: Object.fromEntries(Object.entries(config as object).filter(([, v]) => v !== null)),
  };
}

export function createTrainingJob({ req, state }: RouteContext): MockResponse {
  const body = readJsonObject(req, 'fastapi');
  if (!body.ok) return body.response;
  // The spec schema sees the body after FastAPI's null-means-unset; the overlay sees it as sent.
  const specErrors = validateAll(['training/training-job-create-request'], withoutNullConfig(body.value)) ?? [];
  const overlayErrors = validateAll(['conventions/training-job-create-request'], body.value) ?? [];
  const seen = new Set(specErrors.map((e) => `${e.instancePath}|${e.keyword}`));
  const errors = [...specErrors, ...overlayErrors.filter((e) => !seen.has(`${e.instancePath}|${e.keyword}`))];
  if (errors.length) return validationError(toDetail(errors, 'body'));
  const job = { id: randomUUID() };
  state.jobs.add(job);
  return jsonResponse(200, job);
}

export function getTrainingJob({ params, state }: RouteContext): MockResponse {
  const id = params.training_job_id as string;
  const job = state.jobs.get(id);
  return job ? jsonResponse(200, job) : jobNotFound(id);
}
