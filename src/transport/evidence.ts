/** @module Builds redacted evidence from an outcome: the request, a response excerpt, a curl line, the seed and the replay command. */
import type { Redactor } from '../core/redact.js';
import { redactHeaders } from '../core/redact.js';
import type { CheckOutcome, Evidence } from '../core/result.js';
import type { ConnectionSettings } from './connection.js';
import { buildCurl, type CurlOptions } from './curl.js';

const REQUEST_BODY_LIMIT = 8192;
const RESPONSE_EXCERPT_LIMIT = 2048;

function cap(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}… (${text.length - limit} more characters)` : text;
}

export interface EvidenceContext {
  readonly redact: Redactor;
  readonly token?: string | undefined;
  readonly basic?: string | undefined;
  readonly seed: number;
  readonly replay: string;
  /** Headers, proxy and TLS the requests went with: the curl line carries them. */
  readonly connection?: ConnectionSettings | undefined;
  /** What the curl line sends for credentials other than the configured ones (src/transport/curl.ts). */
  readonly otherAuthorization?: CurlOptions['otherAuthorization'];
}

export function buildEvidence(outcome: CheckOutcome, ctx: EvidenceContext): Evidence {
  const base = { seed: ctx.seed, replay: ctx.redact(ctx.replay) };
  if (outcome.status !== 'fail' && outcome.status !== 'error') return base;
  const exchange = outcome.exchange;
  const req = exchange?.request ?? outcome.streamRequest;
  const out: { -readonly [K in keyof Evidence]: Evidence[K] } = { ...base };
  if (req) {
    out.request = {
      method: req.method,
      url: ctx.redact(req.url),
      headers: redactHeaders({ ...req.headers }, ctx.redact),
      ...(req.body !== undefined ? { body: ctx.redact(cap(req.body, REQUEST_BODY_LIMIT)) } : {}),
    };
    const { token, basic, redact, connection, otherAuthorization } = ctx;
    out.curl = buildCurl(req, { token, basic, redact, connection, otherAuthorization });
  }
  const stream = outcome.status === 'fail' ? outcome.streamExcerpt : undefined;
  const response = exchange
    ? { ...exchange.response, text: exchange.response.bodyText }
    : stream && { ...stream, text: stream.firstBytes, truncated: false };
  if (response)
    out.response = {
      status: response.status,
      headers: redactHeaders({ ...response.headers }, ctx.redact),
      excerpt: ctx.redact(cap(response.text, RESPONSE_EXCERPT_LIMIT)),
      truncated: response.truncated,
    };
  if (outcome.status === 'fail') {
    if (outcome.path !== undefined) out.path = outcome.path;
    if (outcome.counterexample !== undefined)
      out.counterexample = JSON.parse(ctx.redact(JSON.stringify(outcome.counterexample) ?? 'null'));
  }
  return out;
}
