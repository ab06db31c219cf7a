/** @module Small predicates and helpers every layer uses, in one home so every layer judges them the same way. */

/** The value kept under `key`, made by `make()` and kept on first ask. */
export function memo<K, V>(
  map: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  make: () => V,
): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

/** A JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON value of a text, or undefined when there is none or it is not JSON. */
export function jsonOrUndefined(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The JSON object of a text, or undefined when it is not JSON or not an object. */
export function jsonObjectOf(text: string | undefined): Record<string, unknown> | undefined {
  const v = jsonOrUndefined(text);
  return isJsonObject(v) ? v : undefined;
}

/** `JSON.parse(text)`, or what `refuse` makes of the parser's message thrown. */
export function jsonOrThrow(text: string, refuse: (message: string) => Error): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw refuse((err as Error).message);
  }
}

/**
 * JSON with object keys sorted (and undefined members dropped): equal values have equal text. `omit`:
 * top-level members left out.
 */
export function canonicalJson(value: unknown, omit?: ReadonlySet<string>): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i ? ',' : '') + canonicalJson(value[i]);
    return `${text}]`;
  }
  const object = value as Record<string, unknown>;
  let text = '';
  for (const k of Object.keys(object).sort()) {
    if (object[k] === undefined || omit?.has(k)) continue;
    text += `${text ? ',' : ''}${JSON.stringify(k)}:${canonicalJson(object[k])}`;
  }
  return `{${text}}`;
}

/**
 * A request object's text for pairing: its top-level members sorted (`omit` left out), each value as
 * `JSON.stringify` writes it, nested members in the order the client wrote them (one client writes the
 * same request the same way). Several times cheaper than `canonicalJson`, which a pair key on every
 * chat exchange cannot afford.
 */
export function fieldsJson(object: Record<string, unknown>, omit: ReadonlySet<string>): string {
  const keys = Object.keys(object).sort();
  let text = '';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const v = object[k];
    if (v === undefined || omit.has(k)) continue;
    text += `${text ? ',' : ''}${JSON.stringify(k)}:${JSON.stringify(v)}`;
  }
  return `{${text}}`;
}

/** RFC 9110 §15.3: success. */
export const is2xx = (status: number): boolean => status >= 200 && status < 300;
/** RFC 9110 §15.5: the client's error. */
export const is4xx = (status: number): boolean => status >= 400 && status < 500;

/** The value `mediaTypeOf` read last, and its media type (most traffic repeats one, parameters and all). */
let lastType: readonly [string | undefined, string] = ['', ''];

/** The media type of a Content-Type value, lower-cased, without parameters ('' when there is none). */
export function mediaTypeOf(contentType: string | undefined): string {
  if (contentType === 'application/json' || contentType === 'text/event-stream') return contentType; // most: as is
  if (contentType !== lastType[0]) lastType = [contentType, (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase()];
  return lastType[1];
}
