/**
 * @module `conformance run`'s options (see table.ts), in the replay line's order; the config file's
 * schema is generated from this table (`npm run generate`).
 */
import { DEFAULT_MODEL, ENV_BASIC, ENV_TOKEN, RUN_DEFAULTS } from '../../../src/core/defaults.js';
import { checkTargetUrl } from '../../../src/core/target-url.js';
import type { OperationId } from '../../../src/core/operations.js';
import { servesWords } from '../../../src/core/parts.js';
import { parseShard } from '../../../src/runner/select.js';
import { REPLAY_DEFAULTS } from '../../../src/proxy/proxy-defaults.js';
import { shellWord } from '../../../src/transport/curl.js';
import { CONNECTION_OPTIONS } from '../connection-flags.js';
import { badFlag } from '../flags.js';
import { duration, mebibytes, oneOf, secret, text, uuid, servesKind, wholeNumber } from './kinds.js';
import { BASELINE_OPTIONS, GATE_OPTIONS } from './gates.js';
import { checkSelector, listParamOptions, OUTPUT_OPTIONS, REPORT_OPTIONS, SLO_OPTION } from './shared.js';
import { HELP_OPTION, inGroup, type Kind, type OptionTable, withDefaults } from './table.js';

export interface TargetSpec {
  readonly url: string | undefined; // undefined: the bundled mock
  readonly label: string | undefined;
}

/** A target in the config file: its URL, or the URL with the label reports give it. */
type ConfigTarget = string | { readonly url: string; readonly label?: string };

const targets: Kind<readonly TargetSpec[]> = {
  // From the command line, URLs only.
  read: (raw, _flag, fromConfig) =>
    (raw as readonly ConfigTarget[]).map((t) => {
      const { url, label } = typeof t === 'string' ? { url: t, label: undefined } : t;
      return { url: checkTargetUrl(url, fromConfig ? 'config targets' : '--target'), label };
    }),
  schema: {
    type: 'array',
    minItems: 1,
    items: {
      anyOf: [
        { type: 'string', format: 'uri' },
        {
          type: 'object',
          additionalProperties: false,
          required: ['url'],
          properties: { url: { type: 'string', format: 'uri' }, label: { type: 'string', minLength: 1 } },
        },
      ],
    },
  },
  show: () => 'the bundled mock, on a thread of its own',
};

const basicCredentials = secret(
  (basic) => basic.includes(':'),
  `basic credentials must be USER:PASS (from --basic or ${ENV_BASIC})`,
);

const shard: Kind<{ index: number; count: number } | undefined> = {
  read: (raw) => (raw ? parseShard(String(raw)) : undefined),
  schema: { type: 'string', pattern: '^\\d+/\\d+$' },
};

const acceptEncoding: Kind<string> = {
  read: (raw) => {
    const value = String(raw).trim();
    if (value === '' || /[\r\n]/.test(value))
      throw badFlag('--accept-encoding takes an Accept-Encoding value such as "gzip, deflate" or "identity"');
    return value;
  },
  schema: text().schema,
};

export const RUN_OPTIONS = withDefaults(RUN_DEFAULTS, {
  replay: {
    arg: 'FILE',
    help:
      "send the exchanges of a 'conformance proxy --record' file again, in file order, to the one --target through " +
      "the judging proxy: the reports, coverage and exit code are the proxy's. Requests recorded with credentials get the run's (--token, --basic), those recorded " +
      'as refused (401/403) deliberately wrong ones; writes need --allow-writes. --concurrency N requests in ' +
      'flight (default {concurrency.default}); --timeout MS bounds the headers and each pause in a body (default ' +
      '{timeout.replayDefault})',
    group: 'replay',
    replayWords: (file: string | undefined) => (file === undefined ? [] : ['--replay', shellWord(file)]),
  },
  exchange: {
    arg: 'N',
    help: "with --replay: only the exchange on line N of the file (what a proxy finding's replay line sends)",
    group: 'replay',
    kind: wholeNumber(1),
    replay: true,
  },
  ...inGroup('target', {
    target: {
      multiple: true,
      arg: 'URL',
      help: 'base URL of a deployment (repeat to compare several side by side; default {default})',
      kind: targets,
      default: [{ url: undefined, label: 'bundled-mock' }],
      config: 'targets',
      configNote: 'Each a URL, or {"url", "label"}: the label names the target in reports.',
      replayWords: (specs: readonly TargetSpec[]) =>
        specs.flatMap((t) => (t.url ? ['--target', shellWord(t.url)] : [])),
    },
    token: {
      arg: 'T',
      help: 'bearer token for /v1 (or env {env})',
      env: ENV_TOKEN,
      secret: true,
      into: 'token',
    },
    basic: {
      arg: 'USER:PASS',
      help: 'basic credentials for /v2 (or env {env})',
      kind: basicCredentials,
      env: ENV_BASIC,
      secret: true,
      into: 'basic',
    },
    entity: {
      arg: 'E',
      help: 'the entity the evaluation records live in (default {default})',
      kind: text(),
      config: 'entity',
      replay: true,
      withReplay: 'refused',
      into: 'target.entity',
    },
    project: {
      arg: 'P',
      help: 'the project the evaluation records live in (default {default})',
      kind: text(),
      config: 'project',
      replay: true,
      withReplay: 'refused',
      into: 'target.project',
    },
    model: {
      arg: 'NAME',
      help: 'model name sent in chat requests (against the bundled mock, default {default})',
      kind: text(),
      // The bundled mock's; against a real target none unless given (the resolver's to fill).
      default: DEFAULT_MODEL,
      config: 'model',
      replay: true,
      withReplay: 'refused',
      into: 'target.model',
    },
    'model-id': {
      arg: 'UUID',
      help: 'model id for training jobs and trajectory logging (default {default}, a model the bundled mock knows)',
      kind: uuid(),
      config: 'modelId',
      replay: true,
      withReplay: 'refused',
      into: 'target.modelId',
    },
  }),
  level: {
    arg: 'must|should',
    help: 'gate on MUST only or on MUST and SHOULD (default {default}, with --replay too)',
    group: 'selection',
    kind: oneOf(['must', 'should']),
    config: 'level',
    replay: true,
    into: 'level',
  },
  ...inGroup('limits', {
    seed: {
      arg: 'N',
      help: 'fixes every generated case (default: a random one; printed in every report)',
      kind: wholeNumber(-(2 ** 31), 2 ** 31 - 1),
      config: 'seed',
      withReplay: 'refused',
      into: 'seed',
    },
    runs: {
      arg: 'N',
      help: 'cases per property (default {default})',
      kind: wholeNumber(1, 10_000),
      config: 'runs',
      replay: true,
      withReplay: 'refused',
      into: 'runs',
    },
    timeout: {
      arg: 'MS',
      help: 'per-request deadline (default {default}; with --replay, {replayDefault})',
      kind: wholeNumber(1),
      // A replay's timeout bounds the response headers and each pause in a body (the proxy's): recorded
      // traffic may be long generations.
      replayDefault: REPLAY_DEFAULTS.timeoutMs,
      config: 'timeoutMs',
      into: 'timeoutMs',
    },
    deadline: {
      arg: 'MS',
      help: 'whole-run deadline (default: the worst case the plan allows, printed at the start)',
      kind: wholeNumber(1),
      config: 'deadlineMs',
      withReplay: 'refused',
      into: 'deadlineMs',
    },
    concurrency: {
      arg: 'N',
      help: 'checks in flight, each sending one request at a time (default {default})',
      kind: wholeNumber(1, 256),
      config: 'concurrency',
      into: 'concurrency',
    },
    retries: {
      arg: 'N',
      help: 'retries of 429/503 honouring Retry-After (default {default})',
      kind: wholeNumber(0, 10),
      config: 'retries',
      withReplay: 'refused',
      into: 'maxRetries',
    },
    'max-body-bytes': {
      arg: 'N',
      help: 'most bytes read of one response (default {default})',
      kind: { ...wholeNumber(1024), show: mebibytes },
      config: 'maxBodyBytes',
      into: 'maxBodyBytes',
    },
    'list-cap': {
      arg: 'N',
      help: 'most records read from one listing (default {default})',
      kind: wholeNumber(1),
      config: 'listReadCap',
      withReplay: 'refused',
      into: 'target.listReadCap',
    },
    'max-completion-tokens': {
      arg: 'N',
      help: 'largest completion a chat case asks for (default {default})',
      kind: wholeNumber(1),
      config: 'maxCompletionTokens',
      withReplay: 'refused',
      into: 'target.maxCompletionTokens',
    },
    'max-context': {
      arg: 'TOKENS',
      help:
        "the deployment's context window: positive chat cases are kept within it, and one that cannot fit is a skip " +
        '(default: learned from the first refusal that names it)',
      kind: wholeNumber(1),
      config: 'maxContextTokens',
      withReplay: 'refused',
      // The window decides how large the chat cases are: a failure re-runs with the same.
      replay: true,
      into: 'target.maxContextTokens',
    },
    'recover-timeout': {
      arg: 'DURATION',
      help: 'how long to wait for a target that went down to come back (1500, 30s; default {default}; 0: end the run)',
      kind: duration(),
      config: 'recoverTimeoutMs',
      withReplay: 'refused',
      into: 'recoverTimeoutMs',
    },
    'no-crash-replay': {
      help: 'do not send the requests in flight again (alone, then at once) to find and shrink what brought the target down (a shared server)',
      default: !RUN_DEFAULTS.crashReplay,
      config: 'noCrashReplay',
      withReplay: 'refused',
    },
    'load-burst': {
      arg: 'N',
      help: 'chat requests the checks under load send at once, at most --concurrency (default {default}, at most 32)',
      kind: wholeNumber(2, 32),
      config: 'loadBurst',
      withReplay: 'refused',
      // The burst's size decides what the load checks send: a failure re-runs with the same.
      replay: true,
      into: 'target.loadBurst',
    },
  }),
  ...inGroup('target', {
    'allow-writes': {
      help: 'run checks with side effects (create jobs, log trajectories); always on against the bundled mock',
      config: 'allowWrites',
      replay: true,
      into: 'target.allowWrites',
    },
    'max-writes': {
      arg: 'N',
      help:
        'most requests with side effects a real target may answer 2xx (training jobs created, trajectories logged; ' +
        'default {default}; the bundled mock has no budget)',
      kind: wholeNumber(0),
      config: 'maxWrites',
      replay: true,
      into: 'target.maxWrites',
    },
    'priority-scheduling': {
      help: 'the served model uses priority scheduling (§7.1)',
      config: 'priorityScheduling',
      replay: true,
      into: 'target.priorityScheduling',
    },
    plan: {
      help: 'print what the run would send (requests per operation, writes, completion tokens, time budget) and send nothing',
      default: false,
      withReplay: 'refused',
    },
  }),
  // Also with --replay: the replayed listings are read and judged with these names.
  ...listParamOptions('target'),
  'accept-encoding': {
    arg: 'VALUE',
    help: 'Accept-Encoding of every request, answers decoded as they come (default "{default}", as the openai SDK sends; identity: none)',
    group: 'limits',
    kind: acceptEncoding,
    config: 'acceptEncoding',
    replayWords: (value: string, byDefault: string | undefined) =>
      value === byDefault ? [] : ['--accept-encoding', shellWord(value)],
    // Accepted with --replay, where it changes nothing: a replay sends the recorded headers.
    withReplay: 'unused',
    into: 'acceptEncoding',
  },
  ...CONNECTION_OPTIONS,
  ...inGroup('selection', {
    serves: {
      multiple: true,
      arg: 'PART,...',
      help: 'what the deployment serves: parts (chat, training, records) or operation ids; the checks of the rest are not run and coverage is measured over these (default: every operation, the preflight naming any not served)',
      kind: servesKind(),
      config: 'serves',
      withReplay: 'refused',
      into: 'serves',
      replayWords: (ops: readonly OperationId[] | undefined) => (ops ? ['--serves', servesWords(ops)] : []),
    },
    only: {
      ...checkSelector('run only matching checks (repeat or comma-separate)'),
      config: 'only',
      withReplay: 'refused',
    },
    skip: { ...checkSelector('leave matching checks out'), config: 'skip', withReplay: 'refused' },
    shard: {
      arg: 'K/N',
      help: 'run the K-th of N deterministic slices of the catalogue',
      kind: shard,
      config: 'shard',
      withReplay: 'refused',
      into: 'shard',
    },
  }),
  expect: {
    arg: 'FILE',
    help: 'deprecated: known failures (check id + reason), read as a --baseline of whole checks',
    group: 'baseline',
    kind: text(0),
    config: 'expect',
  },
  ...GATE_OPTIONS,
  ...BASELINE_OPTIONS,
  slo: { ...SLO_OPTION, group: 'selection', config: 'slo', into: 'objectives' },
  ...REPORT_OPTIONS,
  config: {
    arg: 'FILE',
    help: 'conformance.config.json (everything above except secrets; without it, the one in the working directory, if any)',
    group: 'reports',
  },
  ...OUTPUT_OPTIONS,
  ...HELP_OPTION,
} as const satisfies OptionTable);
