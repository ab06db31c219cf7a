/**
 * @module `conformance mock`'s options (see table.ts), each setting the server option its `into`
 * names; `MockFlagsFit` makes an `into` that does not fit its option's value fail to compile.
 */
import type { MockServerOptions } from '../../../mock/adapters/node.js';
import { DEFAULT_JOURNAL_SIZE } from '../../../mock/journal.js';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MOCK_SEED } from '../../../mock/options.js';
import {
  DEFAULT_ENTITY,
  DEFAULT_MODEL,
  DEFAULT_PROJECT,
  DEFAULT_RECORDS,
  ENV_BASIC,
  ENV_TOKEN,
} from '../../../src/core/defaults.js';
import { badFlag } from '../flags.js';
import { mebibytes, nonBlank, oneOf, secret, servesKind, userPass, wholeNumber } from './kinds.js';
import { HELP_OPTION, inGroup, type JsonSchema, type Kind, type OptionTable, type ValueOf } from './table.js';

/** Where a credential came from: its flag, its environment variable, or the documented test default. */
export type CredentialSource = 'flag' | 'env' | 'default';

/**
 * What `conformance mock` starts: the server's options, whether it stops with its parent, and where
 * its credentials came from (for the start line, which names the source, never the value).
 */
export type MockCommandOptions = MockServerOptions & {
  host: string;
  exitWithParent?: boolean;
  credentialSources?: { readonly token: CredentialSource; readonly basic: CredentialSource };
};

const basic = secret(userPass, '--basic must be USER:PASS');

const integer: Kind<number> = {
  read: (raw, flag) => {
    const n = Number(raw);
    if (!Number.isSafeInteger(n)) throw badFlag(`--${flag} must be an integer, got "${raw}"`);
    return n;
  },
  schema: { type: 'integer' },
};

/** A number that `holds`; anything else (or nothing) is refused: the flag "must be `what`". */
const numberThat = (holds: (n: number) => boolean, what: string, schema: JsonSchema): Kind<number> => ({
  read: (raw, flag) => {
    const n = Number(raw);
    if (String(raw).trim() === '' || !holds(n)) throw badFlag(`--${flag} must be ${what}, got "${raw}"`);
    return n;
  },
  schema,
});

const rate = numberThat((n) => n >= 0 && n <= 1, 'a rate from 0 to 1', { type: 'number', minimum: 0, maximum: 1 });

/** A factor above 0: 2 is twice as fast. */
const speed = numberThat((n) => n > 0 && Number.isFinite(n), 'a number above 0 (2: twice as fast)', {
  type: 'number',
  exclusiveMinimum: 0,
});

/** A pause the mock adds, in ms (at most 10 minutes; none by default). */
const pause = <const K extends string>(help: string, into: K) =>
  ({ arg: 'MS', help, kind: wholeNumber(0, 600_000), default: 0, into }) as const;

/** A time a client is allowed, in ms. */
const allowed = <const K extends string>(help: string, ms: number, into: K) =>
  ({ arg: 'MS', help, kind: wholeNumber(1), default: ms, into }) as const;

/** Fault ids, comma-separated; mock-command.ts checks them against the catalogue, loaded only then. */
const faults: Kind<string[]> = {
  read: (raw) =>
    String(raw)
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean),
  schema: null,
};

const MOCK_FLAGS = inGroup('mock', {
  host: {
    arg: 'HOST',
    help: 'Address to bind (default {default}, loopback only)',
    kind: nonBlank(),
    default: '127.0.0.1',
    into: 'host',
  },
  port: {
    arg: 'PORT',
    help: 'Port (default {default}: a free port)',
    kind: wholeNumber(0, 65_535),
    default: 0,
    into: 'port',
  },
  token: {
    arg: 'T',
    help: 'Bearer token for /v1 (default: {$env} or the documented test token)',
    kind: nonBlank(),
    env: ENV_TOKEN,
    secret: true,
    into: 'token',
  },
  basic: {
    arg: 'USER:PASS',
    help: 'Basic credentials for /v2 (default: {$env} or the documented test credentials)',
    kind: basic,
    env: ENV_BASIC,
    secret: true,
    into: 'basic',
  },
  entity: {
    arg: 'E',
    help: 'Entity holding the seeded records (default {default})',
    kind: nonBlank(),
    default: DEFAULT_ENTITY,
    into: 'entity',
  },
  project: {
    arg: 'P',
    help: 'Project holding the seeded records (default {default})',
    kind: nonBlank(),
    default: DEFAULT_PROJECT,
    into: 'project',
  },
  records: {
    arg: 'N',
    help: 'Records per kind (predictions, scores) (default {default})',
    kind: wholeNumber(0),
    default: DEFAULT_RECORDS,
    into: 'records',
  },
  seed: {
    arg: 'N',
    help: 'Seed of the generated records (default {default})',
    kind: integer,
    default: DEFAULT_MOCK_SEED,
    into: 'seed',
  },
  model: {
    arg: 'NAME',
    help: 'The served model: listed by GET /v1/models, named by a completion whose request names none (default {default})',
    kind: nonBlank(),
    default: DEFAULT_MODEL,
    into: 'model',
  },
  'max-context': {
    arg: 'TOKENS',
    help: "A small deployment's context window: a chat request over it is refused 400, and GET /v1/models says it (default: none)",
    kind: wholeNumber(1),
    into: 'maxContextTokens',
  },
  'context-wording': {
    arg: 'WHOSE',
    help: "Whose words --max-context's refusal uses: vllm or llamacpp (default {default})",
    kind: oneOf(['vllm', 'llamacpp'] as const),
    default: 'vllm',
    into: 'contextWording',
  },
  tokenizer: {
    arg: 'HOW',
    help: 'How prompts are counted in tokens (usage, token ids, --max-context): words, or characters as a tiny vocabulary does (default {default})',
    kind: oneOf(['words', 'characters'] as const),
    default: 'words',
    into: 'tokenizer',
  },
  'priority-scheduling': {
    help: 'Serve as a model with priority scheduling (§7.1)',
    default: false,
    into: 'priorityScheduling',
  },
  latency: pause('Added latency per response (default {default})', 'latencyMs'),
  'max-concurrency': {
    arg: 'N',
    help: 'Requests served at once; --max-queued more wait, the rest get 429 with Retry-After (default: no limit)',
    kind: wholeNumber(1, 100_000),
    into: 'maxConcurrency',
  },
  'max-queued': {
    arg: 'N',
    help: 'Requests waiting for a place beyond --max-concurrency, as llama.cpp queues beyond its slots (default: as many as --max-concurrency)',
    kind: wholeNumber(0, 100_000),
    into: 'maxQueued',
  },
  faults: {
    arg: 'ID,...',
    help: 'Planted faults (for proving checks can fail); off by default',
    kind: faults,
    default: [],
    into: 'faults',
  },
  'list-faults': {
    help: 'Print every fault (id, the checks it breaks, what it does) and exit',
  },
  chaos: {
    arg: 'RATE',
    help: 'Rate in [0,1] of random 429/500/503/stream cuts for client authors (default {default})',
    kind: rate,
    default: 0,
    into: 'chaos',
  },
  'chaos-seed': {
    arg: 'N',
    help: 'Seed of --chaos: the same seed gives the same failures to the same requests',
    kind: integer,
    into: 'chaosSeed',
  },
  scripts: {
    arg: 'FILE',
    help: 'Scripted answers loaded at start (a JSON array of POST /__mock/scripts bodies; see mock/README.md)',
    kind: nonBlank(),
    into: 'scripts',
  },
  fixtures: {
    arg: 'FILE',
    help: 'Serve answers recorded by `conformance proxy --record FILE --record-bodies` to the requests that match them',
    kind: nonBlank(),
    into: 'fixtures',
  },
  'replay-speed': {
    arg: 'X',
    help: "Scale the recorded pace of --fixtures' streams: 2 is twice as fast (default {default})",
    kind: speed,
    default: 1,
    into: 'replaySpeed',
  },
  'stream-ttft': pause(
    'Pace every stream: its first event this long after the headers (default {default})',
    'streamTtftMs',
  ),
  'stream-itl': pause('Pace every stream: this long between events (default {default})', 'streamItlMs'),
  'pace-whole-answers': {
    help: 'Pace whole (not streamed) chat answers too: --stream-ttft plus --stream-itl per completion token, as a CPU engine',
    default: false,
    into: 'paceWholeAnswers',
  },
  serves: {
    multiple: true,
    arg: 'PART,...',
    help: 'Serve only these parts (chat, training, records) or operation ids; the other paths answer 404, as a deployment of one part does (default: all)',
    kind: servesKind(),
    into: 'serves',
  },
  'journal-size': {
    arg: 'N',
    help: 'Requests kept in the journal (GET /__mock/requests; 0: none) (default {default})',
    kind: wholeNumber(0),
    default: DEFAULT_JOURNAL_SIZE,
    into: 'journalSize',
  },
  'no-admin': {
    help: 'Turn off the /__mock/ admin routes (journal, scripts, reset)',
    // Not given: the mock's own default (on).
    kind: { read: (raw) => !raw, schema: null },
    into: 'admin',
  },
  'max-body-bytes': {
    arg: 'N',
    help: 'Largest request body accepted; larger ones get 413 (default {default})',
    kind: { ...wholeNumber(1), show: mebibytes },
    default: DEFAULT_MAX_BODY_BYTES,
    into: 'maxBodyBytes',
  },
  'headers-timeout': allowed(
    'Time allowed to send the headers; slower clients get 408 (default {default})',
    10_000,
    'headersTimeoutMs',
  ),
  'request-timeout': allowed('Time allowed to send the whole request (default {default})', 30_000, 'requestTimeoutMs'),
  'idle-timeout': allowed(
    'A client that stops reading an answer is cut off after this long (default {default})',
    120_000,
    'idleTimeoutMs',
  ),
  'exit-with-parent': {
    help: 'Also stop when the process that started it exits (a wrapper killed without passing the signal on); without it the mock runs until SIGINT/SIGTERM',
    default: false,
    into: 'exitWithParent',
  },
});

export const MOCK_OPTIONS = { ...MOCK_FLAGS, ...HELP_OPTION } as const satisfies OptionTable;

/** The table, checked: every `into` is a key of `MockCommandOptions` whose type takes the option's value. */
export type MockFlagsFit<T> = {
  readonly [F in keyof T]: T[F] extends { readonly into: infer K }
    ? K extends keyof MockCommandOptions
      ? ValueOf<T[F]> extends MockCommandOptions[K]
        ? T[F]
        : { readonly into: never }
      : { readonly into: never }
    : T[F];
};
