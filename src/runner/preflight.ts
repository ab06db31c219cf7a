/** @module The preflight: a few probes per path family, to say once what makes a verdict impossible. */
import type { TargetConfig } from '../core/check.js';
import { ConformanceError } from '../core/errors.js';
import { operation, type AuthScheme, type OperationId } from '../core/operations.js';
import type { UnjudgedCode } from '../core/report.js';
import { pathOf } from '../kit/requests.js';
import { CLIENT_CERT_PAGE } from '../transport/tls-errors.js';
import type { HttpClient, HttpExchange, HttpRequestSpec } from '../transport/types.js';
import { describeGatewayAnswer, isGatewayExchange, sameGatewayAnswer } from './gateway-answer.js';

/** Why (part of) a run could not be judged. */
export interface Unjudged {
  readonly code: UnjudgedCode;
  /** One sentence for a person, naming what to do. */
  readonly reason: string;
  /** The path families whose checks were not run. */
  readonly families: readonly AuthScheme[];
}

/** The probes' deadline at most: a target slower than this is left to the checks to judge. */
const PREFLIGHT_TIMEOUT_MS = 2_000;

/** An id no server holds: the probe only needs the credentials to be looked at. */
const PROBE_ID = '00000000-0000-4000-8000-00000000c0de';

/** Characters of a body shown in a reason. */
const EXCERPT = 160;

/** A body no server can parse, posted to `op`: refused when served, never a write. */
export function unparsableOf(target: TargetConfig, op: OperationId, timeoutMs: number): HttpRequestSpec {
  return {
    method: 'POST',
    path: pathOf(target, op, {}),
    body: '{',
    headers: { 'content-type': 'application/json' },
    timeoutMs,
    expect: 'refusal',
  };
}

/** The first page of one prediction: a read every records server answers. */
export function listReadOf(target: TargetConfig, timeoutMs: number): HttpRequestSpec {
  return {
    method: 'GET',
    path: pathOf(target, 'predictions.list', {}),
    query: { [target.listParams.limit]: 1 },
    timeoutMs,
  };
}

/**
 * A request of the family that needs nothing but valid credentials: a read of an id that does not
 * exist; for a chat server without the training API (`operations` lacking it), a chat request whose
 * body no server parses.
 */
export function probeOf(
  target: TargetConfig,
  scheme: AuthScheme,
  timeoutMs: number,
  operations?: readonly OperationId[],
): HttpRequestSpec {
  const timeout = Math.min(timeoutMs, PREFLIGHT_TIMEOUT_MS);
  if (scheme === 'bearer' && operations && !operations.includes('training-jobs.get'))
    return unparsableOf(target, 'chat.create', timeout);
  const op: OperationId = scheme === 'bearer' ? 'training-jobs.get' : 'predictions.read';
  return {
    method: 'GET',
    path: pathOf(target, op, { training_job_id: PROBE_ID, prediction_id: PROBE_ID }),
    timeoutMs: timeout,
  };
}

/** The family's cheapest request the interface answers 2xx, sent when the first two probes agree. */
function validRequestOf(target: TargetConfig, scheme: AuthScheme, timeoutMs: number): HttpRequestSpec {
  const timeout = Math.min(timeoutMs, PREFLIGHT_TIMEOUT_MS);
  if (scheme === 'basic') return listReadOf(target, timeout);
  return {
    method: 'POST',
    path: pathOf(target, 'chat.create', {}),
    json: {
      messages: [{ role: 'user', content: 'ping' }],
      max_completion_tokens: 1,
      ...(target.model !== undefined ? { model: target.model } : {}),
    },
    timeoutMs: timeout,
  };
}

const FLAG: Record<AuthScheme, string> = {
  bearer: '--token (or CONFORMANCE_TOKEN)',
  basic: '--basic USER:PASS (or CONFORMANCE_BASIC)',
};
const FAMILY: Record<AuthScheme, string> = { bearer: '/v1', basic: '/v2' };

/** A short phrase for each code, for the skip reason of a check that was not run. */
export const UNJUDGED_SHORT: Readonly<Record<UnjudgedCode, string>> = {
  CTS_TARGET_UNREACHABLE: 'the target could not be reached',
  CTS_PROXY_FAILED: 'the forward proxy failed',
  CTS_TLS_UNTRUSTED: 'the TLS certificate is not trusted',
  CTS_TLS_EXPIRED: 'the TLS certificate is out of date',
  CTS_TLS_WRONG_HOST: 'the TLS certificate is for another host',
  CTS_TLS_CLIENT_CERT_REQUIRED: 'the target wants a client certificate',
  CTS_TLS_HANDSHAKE: 'the TLS handshake failed',
  CTS_NOT_THE_INTERFACE: 'what answers is not the interface',
  CTS_CREDENTIALS_REFUSED: 'the target refused the configured credentials',
  CTS_GATEWAY_REFUSED: 'something in front of the interface refused every request',
  CTS_GATEWAY_WALL: 'a gateway answered every probe with the same error page: the deployment behind it was not reached',
  CTS_TARGET_DOWN: 'the target stopped answering during the run',
  CTS_RUN_DEADLINE: 'the run deadline passed before most checks were judged',
  CTS_INTERRUPTED: 'the run was interrupted',
  CTS_NO_TRAFFIC: 'no exchange of the interface was seen',
};

/** Codes of a probe that did not get an answer and that make the whole target unjudgeable (TLS: every `CTS_TLS_*`). */
const noAnswer = (code: string): boolean =>
  code === 'CTS_TARGET_UNREACHABLE' || code === 'CTS_PROXY_FAILED' || code.startsWith('CTS_TLS_');

/** The body in one short line: whitespace folded, HTML tags dropped, at most EXCERPT characters. */
function bodyExcerpt(text: string, contentType: string | undefined): string {
  const html = /html/i.test(contentType ?? '') || /^\s*<(!doctype|html)/i.test(text);
  const plain = (html ? text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ') : text)
    .replace(/\s+/g, ' ')
    .trim();
  if (plain === '') return '(an empty body)';
  return JSON.stringify(plain.length > EXCERPT ? `${plain.slice(0, EXCERPT)}…` : plain);
}

/** `HTTP 403 text/html "Forbidden"`: the status, the media type and an excerpt. */
function described(ex: HttpExchange): string {
  const type = ex.response.headers['content-type']?.split(';')[0]?.trim();
  return `HTTP ${ex.response.status}${type ? ` ${type}` : ''} ${bodyExcerpt(ex.response.bodyText, type)}`;
}

/** Two answers that say the same: status and body. */
function same(a: HttpExchange, b: HttpExchange): boolean {
  return a.response.status === b.response.status && a.response.bodyText === b.response.bodyText;
}

/** Whether an answer names an auth scheme (a WWW-Authenticate challenge, or words of credentials). */
function namesAuthScheme(ex: HttpExchange): boolean {
  if (ex.response.headers['www-authenticate']) return true;
  return /bearer|basic|token|credential|authori[sz]|authenticat|api[ -_]?key|password/i.test(ex.response.bodyText);
}

type Probe = { scheme: AuthScheme; ex: HttpExchange } | { scheme: AuthScheme; error: unknown };

async function sendProbe(http: HttpClient, scheme: AuthScheme, spec: HttpRequestSpec): Promise<Probe> {
  try {
    return { scheme, ex: await http.send(spec) };
  } catch (err) {
    return { scheme, error: err };
  }
}

/** The read probe again with other credentials: none when some were configured, made-up ones otherwise. */
function probeOtherCredentials(
  http: HttpClient,
  spec: HttpRequestSpec,
  scheme: AuthScheme,
  configured: boolean,
): Promise<Probe> {
  if (configured) return sendProbe(http, scheme, { ...spec, auth: 'none' });
  const header =
    scheme === 'bearer'
      ? 'Bearer conformance-invalid-preflight'
      : `Basic ${Buffer.from('conformance-invalid:preflight').toString('base64')}`;
  return sendProbe(http, scheme, { ...spec, auth: { header } });
}

/** One family's finding: a code and a sentence (and a gateway wall's answer), or undefined when it can be judged. */
type FamilyFinding = { code: UnjudgedCode; part: string; answer?: string } | undefined;

/** What every probe of a gateway wall met: `502 Bad Gateway (text/html, nginx) "502 Bad Gateway nginx"`. */
const wallAnswer = (ex: HttpExchange): string =>
  `${describeGatewayAnswer(ex)} ${bodyExcerpt(ex.response.bodyText, ex.response.headers['content-type'])}`;
const WALL_MEANS = 'the deployment behind the gateway was not reached';

/** What one family's probe shows: a finding when none of its checks could be judged (a wall, a login page, refused credentials), undefined otherwise. */
async function judgeFamily(
  http: HttpClient,
  target: TargetConfig,
  probe: Probe,
  spec: HttpRequestSpec,
  configured: boolean,
  timeoutMs: number,
): Promise<FamilyFinding> {
  const { scheme } = probe;
  const family = FAMILY[scheme];
  if ('error' in probe) return unansweredFinding(probe.error, family, target);
  const first = probe.ex;
  const status = first.response.status;
  const type = first.response.headers['content-type'] ?? '';
  // nginx's answer to a request without the client certificate its `ssl_verify_client on` wants.
  if (CLIENT_CERT_PAGE.test(first.response.bodyText))
    return {
      code: 'CTS_TLS_CLIENT_CERT_REQUIRED',
      part: `on ${family} the TLS front wants a client certificate it trusts (${described(first)}): pass --client-cert FILE --client-key FILE, signed by a CA the front accepts`,
    };
  if (status === 511 || (status >= 200 && status < 300 && /html/i.test(type)))
    return {
      code: 'CTS_NOT_THE_INTERFACE',
      part: `on ${family} a read of an unknown id was answered ${described(first)}: a captive or login page, not the interface`,
    };
  const gateway = isGatewayExchange(first);
  const refused = status === 401 || status === 403;
  // The second probe only where it can tell something: a refusal, a gateway's page or a non-JSON 4xx (a wall?).
  const wallLike = gateway || (status >= 400 && status < 500 && first.json === undefined);
  if (!refused && !wallLike) return undefined;
  const other = await probeOtherCredentials(http, spec, scheme, configured);
  const second = 'ex' in other ? other.ex : undefined;
  if (refused) return refusedFinding(first, second, scheme, configured);
  // The same answer to a read with and without credentials and to a valid request: a wall.
  const alike = gateway ? sameGatewayAnswer : same;
  if (!second || !alike(first, second)) return undefined;
  const valid = await sendProbe(http, scheme, validRequestOf(target, scheme, timeoutMs));
  if (!('ex' in valid) || !alike(first, valid.ex)) return undefined;
  if (gateway) {
    const answer = wallAnswer(first);
    return {
      code: 'CTS_GATEWAY_WALL',
      answer,
      part: `on ${family} every probe (a read with the credentials, the same read without them, a valid request) answered ${answer}: ${WALL_MEANS}`,
    };
  }
  return {
    code: 'CTS_NOT_THE_INTERFACE',
    part: `on ${family} the target answered the same ${described(first)} to a read with credentials, the same read without them, and a valid request: something in front of the interface answers instead of it (a TLS front that wants a client certificate, a gateway that wants a header, a maintenance page)`,
  };
}

/** A probe that got no answer: a redirect away from the interface, or a transport error no check could pass. */
function unansweredFinding(err: unknown, family: string, target: TargetConfig): FamilyFinding {
  if (!ConformanceError.is(err)) return undefined;
  if (err.code === 'CTS_REDIRECT') {
    const location = String(err.details.location ?? '');
    let where = location;
    try {
      const u = new URL(location, target.baseUrl);
      where = `${u.origin}${u.pathname}`;
    } catch {
      /* as sent */
    }
    return {
      code: 'CTS_NOT_THE_INTERFACE',
      part: `on ${family} the target redirects (HTTP ${err.details.status} to ${where}), where the interface answers: a login page in front of it, or another address (then give that one as --target)`,
    };
  }
  return noAnswer(err.code) ? { code: err.code as UnjudgedCode, part: err.message } : undefined;
}

/** A read refused (401/403): the same refusal with the other credentials (`second`) is a gateway's or a wrong key's. */
function refusedFinding(
  first: HttpExchange,
  second: HttpExchange | undefined,
  scheme: AuthScheme,
  configured: boolean,
): FamilyFinding {
  const family = FAMILY[scheme];
  if (configured && second && same(first, second))
    return namesAuthScheme(first)
      ? {
          code: 'CTS_CREDENTIALS_REFUSED',
          part: `on ${family} the target answered the same ${described(first)} with and without the configured credentials: pass ${FLAG[scheme]} with credentials it accepts, or, if something in front of the interface wants a key of its own, --header 'Name: value'`,
        }
      : {
          code: 'CTS_GATEWAY_REFUSED',
          part: `on ${family} the target answered the same ${described(first)} with and without the configured credentials, naming no auth scheme: something in front of the interface (an API gateway, an access proxy) refuses the requests; if it wants a header of its own, pass --header 'Name: value'`,
        };
  const given = configured
    ? `refused the configured credentials (${described(first)})`
    : `answered ${described(first)}, and no credentials were configured`;
  return { code: 'CTS_CREDENTIALS_REFUSED', part: `on ${family} the target ${given}: pass ${FLAG[scheme]}` };
}

/** Probes each family the operations use; undefined when every family can be judged. */
export async function preflight(
  http: HttpClient,
  target: TargetConfig,
  operations: readonly OperationId[],
  configured: Readonly<Record<AuthScheme, boolean>>,
  timeoutMs: number,
): Promise<Unjudged | undefined> {
  const used = new Set(operations.map((op) => operation(op).auth));
  const families = (['bearer', 'basic'] as const).filter((s) => used.has(s));
  const specs = new Map(families.map((scheme) => [scheme, probeOf(target, scheme, timeoutMs, operations)]));
  const probes = await Promise.all(families.map((scheme) => sendProbe(http, scheme, specs.get(scheme)!)));
  // A target that cannot be reached at all (network, proxy, TLS) is said once, for every family.
  const unreachable = probes.find(
    (p): p is Extract<Probe, { error: unknown }> =>
      'error' in p && ConformanceError.is(p.error) && noAnswer(p.error.code),
  );
  if (unreachable) {
    const err = unreachable.error as ConformanceError;
    return {
      code: err.code as UnjudgedCode,
      reason:
        err.code === 'CTS_TARGET_UNREACHABLE'
          ? `the target could not be reached (${err.message}); no check was run`
          : `${err.message}; no check was run`,
      families,
    };
  }
  const findings = await Promise.all(
    probes.map(async (p) => ({
      scheme: p.scheme,
      finding: await judgeFamily(http, target, p, specs.get(p.scheme)!, configured[p.scheme], timeoutMs),
    })),
  );
  const found = findings.filter((f): f is { scheme: AuthScheme; finding: NonNullable<FamilyFinding> } => !!f.finding);
  if (found.length === 0) return undefined;
  const names = found.map((f) => FAMILY[f.scheme]).join(' and ');
  // The same gateway page on every probe of every family: said once, as what answered.
  const answers = new Set(found.map((f) => (f.finding.code === 'CTS_GATEWAY_WALL' ? f.finding.answer : undefined)));
  const [answer] = answers;
  if (found.length === families.length && answers.size === 1 && answer !== undefined)
    return {
      code: 'CTS_GATEWAY_WALL',
      reason: `every probe answered ${answer}: ${WALL_MEANS} (on ${names}); no check was run: run again once it is up`,
      families: found.map((f) => f.scheme),
    };
  return {
    code: found[0]!.finding.code,
    reason: `${found.map((f) => f.finding.part).join('; ')}. The checks of ${names} were not run: every one would only have restated this`,
    families: found.map((f) => f.scheme),
  };
}
