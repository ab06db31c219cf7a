/**
 * @module §5 on one exchange through the proxy: the client presents credentials in the scheme its
 * path gives (client side); a request without them, or with other credentials than the ones the
 * target accepts (when the user gave those), is never served, is refused with 401, and its refusal
 * carries none of a successful answer's data (server side, src/rules/auth.ts as the suite judges).
 */
import type { Operation } from '../core/operations.js';
import { is2xx } from '../core/values.js';
import type { ConfiguredCredentials } from '../core/credentials.js';
import { classifyAuthorization, PRESENTATION_LABELS, type PresentationId } from '../coverage/presentations.js';
import { servedData, unauthorizedStatusBreach } from '../rules/auth.js';
import { RULES } from './rules.js';
import { parsedJsonOrUndefined, type Verdicts } from './verdicts.js';

/** Presentations of other credentials in the path's own scheme: refused by a §5 server. */
const OTHER_CREDENTIALS: ReadonlySet<PresentationId> = new Set([
  'unknown-credentials',
  'token-with-suffix',
  'token-truncated',
  'v1-token-as-basic',
  'right-user-wrong-password',
]);

const is4xx = (status: number) => status >= 400 && status < 500;

/** Presentations that carry no credentials in the path's scheme. */
const LACKING: ReadonlySet<PresentationId> = new Set(['no-credentials', 'malformed', 'other-scheme']);

/** The last Authorization value judged per scheme, and whether it lacks credentials (most traffic repeats one). */
const lastLacking = new Map<
  Operation['auth'],
  { readonly authorization: string | undefined; readonly lacking: boolean }
>();

/** Whether `authorization` presents no credentials in the scheme `auth` (a pure function of the two). */
function lacksCredentials(authorization: string | undefined, auth: Operation['auth']): boolean {
  const last = lastLacking.get(auth);
  if (last && last.authorization === authorization) return last.lacking;
  const lacking = LACKING.has(classifyAuthorization(authorization, auth, {}));
  lastLacking.set(auth, { authorization, lacking });
  return lacking;
}

export class CredentialsJudge {
  /** No credentials in the path's scheme: missing, malformed, or of the other scheme. */
  private readonly lacking: boolean;
  /** Other credentials than the configured ones (known only when they were configured). */
  private readonly other: PresentationId | undefined;

  /** Judges the client's side at once: credentials in the scheme of the operation's path. */
  constructor(
    private readonly op: Operation,
    authorization: string | undefined,
    configured: ConfiguredCredentials | undefined,
    v: Verdicts,
  ) {
    this.lacking = lacksCredentials(authorization, op.auth);
    const presented =
      configured && (op.auth === 'bearer' ? configured.token : configured.basic) !== undefined
        ? classifyAuthorization(authorization, op.auth, configured)
        : undefined;
    this.other = presented && OTHER_CREDENTIALS.has(presented) ? presented : undefined;
    v.judged(RULES.credentials);
    if (this.lacking)
      v.breach(
        RULES.credentials,
        `credentials in the ${op.auth === 'bearer' ? 'Bearer' : 'Basic'} scheme (§5, ${op.path.slice(0, 3)}/…)`,
        authorization === undefined
          ? 'no Authorization header'
          : `an Authorization header that is not ${op.auth === 'bearer' ? 'Bearer <token>' : 'Basic <base64 of user:password>'}`,
      );
  }

  /**
   * Whether the request presented credentials a read can be judged under: some in the path's scheme,
   * and not other than the configured ones (when those were given). A read without them reads
   * nothing, whatever the status (a 401, or a 404 from a server that hides what exists).
   */
  get mayRead(): boolean {
    return !this.lacking && this.other === undefined;
  }

  /** The answer's status: a request without the right credentials is not served, and refused with 401. */
  status(status: number, v: Verdicts): void {
    const ok = is2xx(status);
    if (this.lacking) {
      v.judged(RULES.credentialsRequired);
      if (ok)
        v.breach(
          RULES.credentialsRequired,
          `a 401 to a request without ${this.op.auth === 'bearer' ? 'a Bearer token' : 'Basic credentials'} (§5)`,
          `HTTP ${status}: the request was served`,
        );
    }
    if (this.other) {
      v.judged(RULES.otherCredentialsRefused);
      if (ok)
        v.breach(
          RULES.otherCredentialsRefused,
          `a 4xx to ${PRESENTATION_LABELS[this.other]} (§5)`,
          `HTTP ${status}: the request was served`,
        );
    }
    if ((this.lacking || this.other) && is4xx(status)) {
      v.judged(RULES.answers401);
      const wrong = unauthorizedStatusBreach(status, true);
      if (wrong) v.breach(RULES.answers401, 'HTTP 401 to a request refused for its credentials', wrong);
    }
  }

  /** A whole refusal's body: it carries none of the data a successful answer would. */
  refusalBody(status: number, text: string, v: Verdicts): void {
    if (!(this.lacking || this.other) || !is4xx(status)) return;
    v.judged(RULES.refusalServesNoData);
    const served = servedData(this.op.id, { json: parsedJsonOrUndefined(text), response: { bodyText: text } });
    if (served)
      v.breach(RULES.refusalServesNoData, 'a refusal that carries no data (§5)', `HTTP ${status} with ${served}`);
  }
}
