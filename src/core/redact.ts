/**
 * @module Redaction: the one function applied wherever evidence or output text is built. Secrets
 * (tokens, passwords, basic credentials) are replaced in every form they could take in a request:
 * as is, base64 (`user:pass`, and the secret alone), and percent-encoded.
 */
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
    // Any Authorization value that slipped through (e.g. a secret we were not told about). Env-var
    // references and the suite's own made-up credentials (`conformance-invalid…`) stay readable.
    // A plain word after the scheme name ("the Basic scheme", "Bearer credentials") is prose, not
    // a credential: outside a header only values with a digit, an upper-case letter or a symbol, or
    // 20+ characters long, are masked.
    // After `Authorization:` it is always a credential. The placeholder of a flag in a hint
    // (`--basic USER:PASS`) is not one.
    return out.replace(
      /(Authorization:\s*)?\b(Bearer|Basic)\s+(?!\$|\*\*\*|conformance-invalid|Y29uZm9ybWFuY2UtaW52YWxpZ|USER:PASS\b)([A-Za-z0-9+/=._~-]{4,})/gi,
      (all, header: string | undefined, scheme: string, value: string) =>
        !header && /^[a-z]+$/.test(value) && value.length < 20 ? all : `${header ?? ''}${scheme} ${REDACTED}`,
    );
  }) as Redactor;
  Object.defineProperty(fn, 'secrets', { value: [...all] });
  return fn;
}

/**
 * Whether a header's value is a credential, by its name: Authorization and cookies, and any name
 * that carries a key, a token, a secret or a password (`X-Api-Gateway-Key`, `X-Auth-Token`).
 */
export function isSecretHeaderName(name: string): boolean {
  // Rate-limit counters (`x-ratelimit-remaining-tokens`) count tokens; they hold none.
  return /authorization|cookie|key|token|secret|passw|credential|session/i.test(name) && !/ratelimit/i.test(name);
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
