/**
 * @module A failure's fingerprint: its check id and what tells its cause from another, stable across
 * seeds and drivers (Schemathesis' baseline keys a failure the same way, below the check). The cause
 * is read from the evidence every driver keeps, the same way for the run, the proxy and the replay:
 * the request body's first schema breach (its JSON pointer, indices as `*`, and the kind of breakage)
 * and the answer's status class. Never a generated value, an id or a time.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import { OPERATIONS } from '../core/operations.js';
import type { CheckResult } from '../core/result.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import { jsonOrUndefined } from '../core/values.js';

/** Each kind of schema breach, by the keywords that report it. */
const KIND: Readonly<Record<string, string>> = {
  type: 'wrong type',
  enum: 'outside its set',
  const: 'outside its set',
  required: 'missing',
  additionalProperties: 'unknown field',
  unevaluatedProperties: 'unknown field',
  pattern: 'malformed',
  format: 'malformed',
};
const RANGE = /^(minimum|maximum|exclusiveMinimum|exclusiveMaximum|multipleOf|min|max)/;

/** `/messages/0/role` → `/messages/*\/role`: the place, whichever element the case drew. */
const place = (e: ErrorObject): string => {
  const named = e.keyword === 'required' ? `/${String(e.params.missingProperty)}` : '';
  const extra = /Properties$/.test(e.keyword)
    ? `/${String(e.params.additionalProperty ?? e.params.unevaluatedProperty)}`
    : '';
  return `${e.instancePath.replace(/\/\d+(?=\/|$)/g, '/*')}${named}${extra}` || '/';
};

const kindOf = (e: ErrorObject): string => KIND[e.keyword] ?? (RANGE.test(e.keyword) ? 'out of range' : 'wrong shape');

/** The request body's first schema breach, in words (`/seed out of range`); undefined for a valid or unread body. */
function bodyCause(r: CheckResult, schemas: Pick<SchemaRegistry, 'validate'>): string | undefined {
  const text = r.evidence?.request?.body;
  const schema = OPERATIONS.find((o) => o.id === r.operation)?.requestSchema;
  if (text === undefined || schema === undefined) return undefined;
  const body = jsonOrUndefined(text);
  if (body === undefined) return 'not JSON';
  const outcome = schemas.validate(schema, body);
  if (outcome.ok || outcome.errors.length === 0) return undefined;
  // The first place the validator names; a composite keyword there (anyOf, oneOf) is a wrong shape.
  const first = place(outcome.errors[0]!);
  const there = outcome.errors.filter((e) => place(e) === first);
  const kinds = new Set(there.map(kindOf));
  return `${first} ${kinds.size === 1 ? [...kinds][0] : 'wrong shape'}`;
}

/**
 * A failing result's fingerprint: `<check id>` and, after a space, its cause when one can be told (the
 * body's breach and the answer's status class).
 */
export function fingerprintOf(r: CheckResult, schemas: Pick<SchemaRegistry, 'validate'>): string {
  const status = r.evidence?.response?.status;
  const cause = [bodyCause(r, schemas), status === undefined ? '' : `answered ${Math.floor(status / 100)}xx`];
  const told = cause.filter(Boolean);
  return told.length ? `${r.id} ${told.join(', ')}` : r.id;
}

/** Whether an entry's fingerprint accepts this one: the same, or the entry names the whole check. */
export const accepts = (entry: string, fingerprint: string): boolean =>
  entry === fingerprint || fingerprint.startsWith(`${entry} `);
