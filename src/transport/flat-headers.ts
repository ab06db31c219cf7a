/** @module Headers as undici and node:http give them (a value or a list per name) flattened to one lower-case name → one string. */

/** Flattens a header object: names in lower case, repeated values joined with ", " (RFC 9110 §5.3). */
export function flatHeaders(
  raw: Readonly<Record<string, string | string[] | number | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in raw) {
    const v = raw[k];
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  }
  return out;
}
