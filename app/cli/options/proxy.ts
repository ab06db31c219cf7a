/** @module `conformance proxy`'s options (see table.ts); the proxy has no config file. */
import { ENV_BASIC, ENV_TOKEN, RUN_DEFAULTS } from '../../../src/core/defaults.js';
import { CONNECTION_OPTIONS } from '../connection-flags.js';
import { mebibytes, nonBlank, oneOf, secret, userPass, wholeNumber } from './kinds.js';
import { listParamOptions, OUTPUT_OPTIONS, REPORT_OPTIONS, SLO_OPTION } from './shared.js';
import { BASELINE_OPTIONS } from './gates.js';
import { HELP_OPTION, inGroup, type Kind, type OptionTable } from './table.js';

const token = secret((t) => t.trim() !== '', `the token (--token or ${ENV_TOKEN}) must not be empty`);
const basic = secret(userPass, `basic credentials must be USER:PASS (from --basic or ${ENV_BASIC})`);

const onOff = oneOf(['on', 'off']);
const switched: Kind<boolean> = {
  read: (raw, flag, fromConfig) => onOff.read(raw, flag, fromConfig) === 'on',
  schema: { type: 'boolean' },
};

export const PROXY_OPTIONS = {
  target: { arg: 'URL', help: 'base URL of the deployment (required)', group: 'proxy' },
  ...inGroup('proxy', {
    host: {
      arg: 'HOST',
      help: 'address to listen on (default {default})',
      kind: nonBlank(),
      default: '127.0.0.1',
    },
    port: {
      arg: 'P',
      help: 'port to listen on (default {default}: a free port, printed)',
      kind: wholeNumber(0, 65_535),
      default: 0,
    },
    'admin-port': {
      arg: 'P',
      help: 'serve GET /metrics (Prometheus) and POST /reports on this port, apart from the traffic (0: a free port, printed; off when not given)',
      kind: wholeNumber(0, 65_535),
    },
    'admin-host': {
      arg: 'HOST',
      help: 'address the admin port listens on (default {default})',
      kind: nonBlank(),
      default: '127.0.0.1',
    },
    timeout: {
      arg: 'MS',
      help: "most time for the server's response headers, and for a client to send its request (default {default}); a server too slow gets a 504",
      kind: wholeNumber(1),
      default: 300_000,
    },
    'idle-timeout': {
      arg: 'MS',
      help: 'most time without a byte on a body before the exchange is cut (default {default})',
      kind: wholeNumber(1),
      default: 60_000,
    },
    'max-body-bytes': {
      arg: 'N',
      help: 'largest body judged whole (a JSON request or answer; default {default}): a longer one is forwarded unjudged',
      kind: { ...wholeNumber(1), show: mebibytes },
      default: 4 * 1024 * 1024,
    },
    token: {
      arg: 'T',
      help: 'the Bearer token the deployment accepts (default {$env}); with it, a 2xx to any other token is a §5 failure',
      kind: token,
      env: ENV_TOKEN,
      secret: true,
    },
    basic: {
      arg: 'USER:PASS',
      help: 'the Basic credentials it accepts on /v2 (default {$env}); without either, the proxy judges only missing or other-scheme credentials',
      kind: basic,
      env: ENV_BASIC,
      secret: true,
    },
    'priority-scheduling': {
      arg: 'on|off',
      help: 'whether the served model uses priority scheduling (§7.1): off, the default as in a run, makes a 2xx to a non-zero priority a failure',
      kind: switched,
    },
  }),
  ...listParamOptions('proxy'),
  ...CONNECTION_OPTIONS,
  duration: { arg: 'S', help: 'stop after S seconds', group: 'stop', kind: wholeNumber(1) },
  'max-exchanges': { arg: 'N', help: 'stop after N exchanges', group: 'stop', kind: wholeNumber(1) },
  ...REPORT_OPTIONS,
  ...inGroup('reports', {
    record: {
      arg: 'FILE',
      help: "every exchange of the interface as a JSON line, redacted (the request as sent, the answer's status, headers and first bytes, the findings)",
    },
    'report-interval': {
      arg: 'S',
      help: 'also write the reports asked for every S seconds while running (and on SIGUSR1), each atomically: a proxy killed hard keeps its last',
      kind: wholeNumber(1),
    },
    'record-bodies': {
      help: "with --record: keep whole answers (up to 16 MiB each; a stream's events each with its time offset), what 'conformance mock --fixtures' serves",
      default: false,
    },
    level: {
      arg: 'must|should',
      help: 'gating level of the exit code (default {default}, as a run gates)',
      kind: oneOf(['must', 'should']),
      default: RUN_DEFAULTS.level,
    },
  }),
  slo: { ...SLO_OPTION, group: 'reports' },
  ...BASELINE_OPTIONS,
  ...OUTPUT_OPTIONS,
  ...HELP_OPTION,
} as const satisfies OptionTable;
