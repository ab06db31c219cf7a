/**
 * @module A client's JSON schema compiled with ajv (a few cached by text); null when it does not
 * compile here, which leaves the rule unjudged.
 */
import { createAjv } from '../schemas/registry.js';

/** Schemas compiled, at most this many kept. */
const SCHEMA_CACHE = 64;
let userAjv: ReturnType<typeof createAjv> | undefined;
const compiled = new Map<string, ((value: unknown) => string | undefined) | null>();

export function userSchemaCheck(schema: unknown): ((value: unknown) => string | undefined) | null {
  const key = JSON.stringify(schema);
  const known = compiled.get(key);
  if (known !== undefined) return known;
  if (compiled.size >= SCHEMA_CACHE || !userAjv) {
    compiled.clear();
    userAjv = createAjv();
  }
  const ajv = userAjv;
  let check: ((value: unknown) => string | undefined) | null;
  try {
    const validate = ajv.compile(schema as object);
    check = (value) => (validate(value) ? undefined : ajv.errorsText(validate.errors));
  } catch {
    check = null;
  }
  compiled.set(key, check);
  return check;
}
