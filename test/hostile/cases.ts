/**
 * @module The hostile cases and what the suite must report for each: the table the runner-level
 * and CLI-level tests share, and that `test/hostile/README.md` documents.
 */
import { defaultTarget } from '../helpers/run-checks.js';
import type { TargetConfig } from '../../src/core/check.js';
import type { UnjudgedCode } from '../../src/core/report.js';
import type { HostileKind } from '../helpers/hostile-servers.js';
import { chatJsonProbe, chatStreamProbe, predictionsJsonlProbe, unauthenticatedProbe } from './probes.js';

/** What a probe's result must be: an error with one of these codes, or a fail. */
type Expected = { readonly error: readonly string[] } | { readonly fail: true };

export interface HostileCase {
  readonly name: string;
  /** A fixture server, or a URL on which nothing answers. */
  readonly fixture: HostileKind | 'closed-port' | 'unresolvable';
  /** The target never answered HTTP: every catalogue result must be an `error` (or a skip). */
  readonly network: boolean;
  /** Codes any catalogue error may carry in this case (besides the run deadline). */
  readonly codes: readonly string[];
  /** Catalogue checks that judge a redirect themselves: a redirect to another origin must fail them. */
  readonly judgesRedirect?: readonly string[];
  /** Exact expectations per probe id. */
  readonly probes: Readonly<Record<string, Expected>>;
  /**
   * The preflight finds that what answers is not the interface (src/runner/preflight.ts), or the
   * target watch that most checks meet no answer at all (`CTS_TARGET_DOWN`, src/runner/target-watch.ts):
   * the run is COULD NOT JUDGE with this code, every check a skip, and the probes' expectations do not apply.
   */
  readonly unjudged?: UnjudgedCode;
}

const all = (e: Expected) => ({
  [chatJsonProbe.id]: e,
  [chatStreamProbe.id]: e,
  [predictionsJsonlProbe.id]: e,
  [unauthenticatedProbe.id]: e,
});

const TIMEOUT = { error: ['CTS_TARGET_TIMEOUT'] } as const;
const FAIL = { fail: true } as const;
// A body cut after the headers is reported as a cut body, an `error` (the suite could not judge it).
const CUT = { error: ['CTS_STREAM_CUT'] } as const;

export const HOSTILE_CASES: readonly HostileCase[] = [
  {
    name: 'accepts connections and never answers',
    fixture: 'silent',
    network: true,
    codes: ['CTS_TARGET_TIMEOUT'],
    probes: all(TIMEOUT),
    // Never an answer: the run stops once most checks met none.
    unjudged: 'CTS_TARGET_DOWN',
  },
  {
    name: 'sends headers, then a byte a second forever',
    fixture: 'trickle',
    network: false,
    codes: ['CTS_TARGET_TIMEOUT'],
    probes: all(TIMEOUT),
  },
  {
    name: 'resets connections',
    fixture: 'reset',
    network: true,
    codes: ['CTS_TARGET_RESET'],
    probes: all({ error: ['CTS_TARGET_RESET'] }),
    unjudged: 'CTS_TARGET_DOWN',
  },
  {
    name: 'answers bytes that are not HTTP',
    fixture: 'garbage',
    network: true,
    codes: ['CTS_TARGET_GARBAGE'],
    probes: all({ error: ['CTS_TARGET_GARBAGE'] }),
  },
  {
    name: 'answers an endless body',
    fixture: 'endless',
    network: false,
    codes: ['CTS_BODY_TOO_LARGE', 'CTS_TARGET_TIMEOUT'],
    probes: all({ error: ['CTS_BODY_TOO_LARGE'] }),
  },
  // chat-completions.trailing-slash-path accepts a 307/308 as serving the variant (§4.1) only when it
  // stays on the same origin and points at /v1/chat/completions: this one must fail it.
  {
    name: 'redirects to another origin',
    fixture: 'redirect',
    network: true,
    codes: ['CTS_REDIRECT'],
    judgesRedirect: ['chat-completions.trailing-slash-path'],
    probes: all({ error: ['CTS_REDIRECT'] }),
    // Every request sent elsewhere, a login page's way: not the interface.
    unjudged: 'CTS_NOT_THE_INTERFACE',
  },
  {
    name: 'answers an HTML page with 200',
    fixture: 'html-200',
    network: false,
    codes: [],
    probes: all(FAIL),
    // A captive page: not the interface.
    unjudged: 'CTS_NOT_THE_INTERFACE',
  },
  { name: 'answers an HTML error page with 500', fixture: 'html-500', network: false, codes: [], probes: all(FAIL) },
  // The JSONL probe reads the event stream's first line, sees it is not JSON, and stops: the target
  // answered (wrongly), so that probe fails before the cut is reached.
  {
    name: 'cuts an event stream midway',
    fixture: 'sse-cut',
    network: false,
    codes: [...CUT.error],
    probes: { ...all(CUT), [predictionsJsonlProbe.id]: FAIL },
  },
  { name: 'cuts a JSONL stream midway', fixture: 'jsonl-cut', network: false, codes: [...CUT.error], probes: all(CUT) },
  {
    name: 'a closed port',
    fixture: 'closed-port',
    network: true,
    codes: ['CTS_TARGET_UNREACHABLE'],
    probes: all({ error: ['CTS_TARGET_UNREACHABLE'] }),
  },
  // A resolver that is slower than the per-request timeout gives TIMEOUT instead (same origin named).
  {
    name: 'an unresolvable host',
    fixture: 'unresolvable',
    network: true,
    codes: ['CTS_TARGET_UNREACHABLE', 'CTS_TARGET_TIMEOUT'],
    probes: all({ error: ['CTS_TARGET_UNREACHABLE', 'CTS_TARGET_TIMEOUT'] }),
  },
];

/** A non-mock target with writes allowed (so every check reaches the wire). */
export function hostileTarget(baseUrl: string): TargetConfig {
  return defaultTarget(baseUrl, { bundledMock: false, listReadCap: 100 });
}
