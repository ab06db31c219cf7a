/** @module The structured-output checks' schema, with its validation hand-written so a run need not load ajv. */
import { isJsonObject } from '../../src/core/values.js';

export const VERDICT_SCHEMA = {
  type: 'object',
  properties: { ok: { type: 'boolean' } },
  required: ['ok'],
  additionalProperties: false,
};

/** Why a value breaks VERDICT_SCHEMA, in ajv's words for its first error; undefined when it is valid. */
export function verdictProblem(value: unknown): string | undefined {
  if (!isJsonObject(value)) return 'data must be object';
  if (!Object.hasOwn(value, 'ok')) return "data must have required property 'ok'";
  if (Object.keys(value).some((k) => k !== 'ok')) return 'data must NOT have additional properties';
  if (typeof value.ok !== 'boolean') return 'data/ok must be boolean';
  return undefined;
}
