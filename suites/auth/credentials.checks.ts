/** @module §5 authentication per operation: requests without valid credentials get a 4xx, no data, and 401. */
import { defineCheck, type CheckContext, type CheckDefinition } from '../../src/core/check.js';
import { unauthorizedStatusBreach } from '../../src/rules/auth.js';
import { rejectionProblem as authRejectionProblem } from '../../src/rules/auth-rules.js';
import { OPERATIONS, operation, operationLabel, type AuthScheme, type OperationId } from '../../src/core/operations.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { describeResponse } from '../../src/core/describe.js';
import type { AuthMode, HttpExchange } from '../../src/transport/types.js';
import { baselineRequest, controlExchange, slugOf } from '../../src/kit/baseline.js';
import { is2xx } from '../../src/core/values.js';

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

// Made-up credentials start with `conformance-invalid` so the redactor leaves them readable.
const FAKE_TOKEN = 'conformance-invalid-token';
const FAKE_BASIC = 'conformance-invalid-user:conformance-invalid-password';
const BEARER_FAKE: AuthMode = { header: `Bearer ${FAKE_TOKEN}` };
const BASIC_FAKE: AuthMode = { header: `Basic ${b64(FAKE_BASIC)}` };

interface Presentation {
  readonly label: string;
  readonly auth: AuthMode;
}

/** One §5 rule: a family of presentations that must all be rejected. */
interface AuthRule {
  readonly rule: string;
  readonly what: string;
  presentations(scheme: AuthScheme): Presentation[];
}

const RULES: readonly AuthRule[] = [
  {
    rule: 'rejects-missing-credentials',
    what: 'a request without an Authorization header',
    presentations: () => [{ label: 'no Authorization header', auth: 'none' }],
  },
  {
    rule: 'rejects-malformed-credentials',
    what: 'a malformed Authorization header',
    presentations: (scheme) =>
      scheme === 'bearer'
        ? [
            { label: '`Authorization: Bearer` with no token', auth: { header: 'Bearer' } },
            { label: 'a token without the `Bearer` scheme', auth: { header: FAKE_TOKEN } },
          ]
        : [
            { label: '`Authorization: Basic` with no credentials', auth: { header: 'Basic' } },
            { label: 'Basic credentials that are not base64', auth: { header: 'Basic conformance-invalid!*' } },
            {
              label: 'Basic credentials without a `:` between user and password',
              auth: { header: `Basic ${b64('conformance-invalid-no-colon')}` },
            },
          ],
  },
  {
    rule: 'rejects-wrong-credentials',
    what: 'wrong credentials in the right scheme',
    presentations: (scheme) => [
      scheme === 'bearer'
        ? { label: `an unknown bearer token (\`Bearer ${FAKE_TOKEN}\`)`, auth: BEARER_FAKE }
        : { label: `unknown basic credentials (\`${FAKE_BASIC}\`)`, auth: BASIC_FAKE },
    ],
  },
  {
    rule: 'rejects-other-scheme',
    what: "the other operation family's scheme (basic on /v1, bearer on /v2)",
    presentations: (scheme) => [
      scheme === 'bearer'
        ? { label: `the Basic scheme on a /v1 path (\`${FAKE_BASIC}\`)`, auth: BASIC_FAKE }
        : { label: `the Bearer scheme on a /v2 path (\`Bearer ${FAKE_TOKEN}\`)`, auth: BEARER_FAKE },
    ],
  },
];

const everyPresentation = (scheme: AuthScheme): Presentation[] => RULES.flatMap((rule) => rule.presentations(scheme));

/** Why an answer to an unauthenticated request is not a rejection with no data (src/rules judges). */
export function rejectionProblem(op: OperationId, ex: HttpExchange): string | undefined {
  return authRejectionProblem(op, ex.response.status, ex.json, ex.response.bodyText);
}

export type ControlVerdict = { readonly skip: string } | { readonly status: number; readonly notes: string[] };

/** The control: the baseline with the configured credentials. */
export async function control(ctx: CheckContext, op: OperationId): Promise<ControlVerdict> {
  const { baseline, exchange } = await controlExchange(ctx, op);
  const status = exchange.response.status;
  const notes = baseline.note ? [baseline.note] : [];
  if (status === 401 || status === 403) {
    return {
      skip: `the control request with the configured credentials was refused too (${describeResponse(exchange)}): the credentials given to the suite are not accepted, so a rejection proves nothing (check --token/--basic)`,
    };
  }
  if (!is2xx(status))
    notes.push(`the control request with the configured credentials answered HTTP ${status}, not 2xx`);
  return { status, notes };
}

const unauthorizedId = (op: OperationId): string => `auth.answers-401.${slugOf(op)}`;

function rejectionCheck(op: OperationId, rule: AuthRule): CheckDefinition {
  const scheme = operation(op).auth;
  return defineCheck({
    id: `auth.${rule.rule}.${slugOf(op)}`,
    operation: op,
    section: '§5',
    level: 'MUST',
    requirement: `${operationLabel(op)} rejects ${rule.what} with a 4xx and returns no data (§5: ${scheme} authentication).`,
    ...(operation(op).writes ? { writes: true } : {}),
    async run(ctx): Promise<CheckOutcome> {
      const baseline = await baselineRequest(ctx, op);
      for (const p of rule.presentations(scheme)) {
        const ex = await ctx.http.send({ ...baseline.spec, auth: p.auth, expect: 'refusal' });
        const problem = rejectionProblem(op, ex);
        if (problem) return fail({ expected: `${p.label}: a 4xx answer with no data`, actual: problem, exchange: ex });
      }
      const c = await control(ctx, op);
      if ('skip' in c) return skip(c.skip);
      return pass(c.notes);
    },
    schedule: {
      sharesCasesWith: unauthorizedId(op),
      // The baseline's id lookup, each presentation, and the control.
      maxRequests: () => rule.presentations(scheme).length + 2,
    },
  });
}

function unauthorizedCheck(op: OperationId): CheckDefinition {
  const scheme = operation(op).auth;
  return defineCheck({
    id: unauthorizedId(op),
    operation: op,
    section: '§5',
    level: 'SHOULD',
    convention: 'RFC 9110 401 for missing or invalid credentials',
    requirement: `${operationLabel(op)} answers 401 Unauthorized to missing, malformed, wrong or other-scheme credentials.`,
    ...(operation(op).writes ? { writes: true } : {}),
    async run(ctx): Promise<CheckOutcome> {
      const baseline = await baselineRequest(ctx, op);
      const answers: { label: string; ex: HttpExchange }[] = [];
      for (const p of everyPresentation(scheme))
        answers.push({
          label: p.label,
          ex: await ctx.http.send({ ...baseline.spec, auth: p.auth, expect: 'refusal' }),
        });
      const c = await control(ctx, op);
      if ('skip' in c) return skip(c.skip);
      // Authentication may come after the existence check: when the control got 404, a 404 is no breach.
      const wrong = answers.filter((a) => unauthorizedStatusBreach(a.ex.response.status, c.status === 404));
      const notes = [...c.notes];
      const challenged = answers.filter(
        (a) => a.ex.response.status === 401 && a.ex.response.headers['www-authenticate'] === undefined,
      );
      if (challenged.length)
        notes.push(
          `${challenged.length} of the 401 answers carry no WWW-Authenticate header (RFC 9110 §11.6.1 asks for one)`,
        );
      if (wrong.length === 0) return pass(notes);
      return fail({
        expected: `HTTP 401 for each of: ${answers.map((a) => a.label).join('; ')}`,
        actual: wrong.map((a) => `${a.label} → HTTP ${a.ex.response.status}`).join('; '),
        exchange: wrong[0]!.ex,
        ...(notes.length ? { notes } : {}),
      });
    },
    schedule: { maxRequests: () => everyPresentation(scheme).length + 2 },
  });
}

/** The §5 checks of one operation: the four rejections (MUST) and the 401 status (SHOULD). */
function authChecksFor(op: OperationId): CheckDefinition[] {
  return [...RULES.map((rule) => rejectionCheck(op, rule)), unauthorizedCheck(op)];
}

export const credentialChecks: readonly CheckDefinition[] = OPERATIONS.flatMap((o) => authChecksFor(o.id));
