/**
 * @module `conformance proxy --target URL`: starts the judging proxy (src/proxy), prints
 * `listening on URL`, and on SIGINT/SIGTERM, `--duration` or `--max-exchanges` stops, writes the
 * reports asked for (the same formats as `run`), prints the matrix and the coverage the traffic
 * exercised, and returns the exit code (0: no server-side finding; 1: one; 2: usage error).
 */
import { createWriteStream } from 'node:fs';
import { ENV_BASIC, ENV_TOKEN } from '../../src/core/defaults.js';
import { checkTargetUrl } from '../../src/core/target-url.js';
import type { ConfiguredCredentials } from '../../src/core/credentials.js';
import { exitCodeOf } from '../../src/gating/verdict.js';
import { proxyReports, trafficLine } from '../../src/proxy/report.js';
import { startProxyServer, type ProxyServer } from '../../src/proxy/server.js';
import { ProxySession } from '../../src/proxy/session.js';
import { isSecretHeaderName } from '../../src/core/redact.js';
import { type ConnectionSettings, connectionSecrets, describeConnection } from '../../src/transport/connection.js';
import { headerVariable, shellWord } from '../../src/transport/curl.js';
import { CONNECTION_FLAGS, ENV_PROXY, readConnectionSettings } from './connection-flags.js';
import { REPORT_FORMATS } from '../../reporters/registry.js';
import { checkOutputPaths, emitOutputs } from './outputs.js';
import { badFlag, readFlags, wholeNumberFlag } from './flags.js';
import { PROXY_USAGE } from './usage.js';

const FLAGS = {
  target: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  duration: { type: 'string' },
  'max-exchanges': { type: 'string' },
  timeout: { type: 'string' },
  'idle-timeout': { type: 'string' },
  'max-body-bytes': { type: 'string' },
  level: { type: 'string' },
  record: { type: 'string' },
  'record-bodies': { type: 'boolean' },
  token: { type: 'string' },
  basic: { type: 'string' },
  ...(Object.fromEntries(REPORT_FORMATS.map((f) => [f.name, { type: 'string' }])) as Record<
    string,
    { type: 'string' }
  >),
  quiet: { type: 'boolean', short: 'q' },
  console: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'priority-scheduling': { type: 'string' },
  ...CONNECTION_FLAGS,
} as const;

interface ProxyConfig {
  readonly target: string;
  readonly host: string;
  readonly port: number;
  readonly durationS: number | undefined;
  readonly maxExchanges: number | undefined;
  readonly timeoutMs: number;
  readonly idleTimeoutMs: number;
  readonly maxBodyBytes: number;
  readonly level: 'must' | 'should';
  /** `--record FILE`: the redacted exchanges as JSONL. */
  readonly record: string | undefined;
  /** `--record-bodies`: the record keeps whole answers (streams: each event with its time offset). */
  readonly recordBodies: boolean;
  readonly outputs: Readonly<Record<string, string>>;
  readonly quiet: boolean;
  readonly forceConsole: boolean;
  readonly color: boolean | undefined;
  readonly replay: string;
  /** The credentials the target accepts (`--token`/`--basic` or the environment), when given. */
  readonly credentials: ConfiguredCredentials | undefined;
  /** Where they came from (flags and variable names, never the values), for the start-up line. */
  readonly credentialsFrom: readonly string[];
  /** Headers, forward proxy and TLS towards the target. */
  readonly connection: ConnectionSettings;
  /** `--priority-scheduling on|off`: whether the served model uses it (§7.1); undefined: not judged. */
  readonly priorityScheduling: boolean | undefined;
}

/** The command line for evidence: a secret given as a flag becomes the environment variable that holds it. */
function replayLine(argv: readonly string[]): string {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const secret = /^--(token|basic)(=.*)?$/.exec(a);
    if (secret) {
      words.push(`--${secret[1]} "$${secret[1] === 'token' ? ENV_TOKEN : ENV_BASIC}"`);
      if (secret[2] === undefined) i++;
      continue;
    }
    // A secret header's value, and a proxy URL's credentials, are read back from the environment.
    const valued = /^--(header|proxy)(?:=(.*))?$/.exec(a);
    if (valued) {
      const value = valued[2] ?? argv[++i] ?? '';
      const name = value.slice(0, Math.max(0, value.indexOf(':'))).trim();
      if (valued[1] === 'header' && isSecretHeaderName(name))
        words.push('--header', `"${name}: $${headerVariable(name)}"`);
      else if (valued[1] === 'proxy' && /\/\/[^/@]*@/.test(value)) words.push('--proxy', `"$${ENV_PROXY}"`);
      else words.push(`--${valued[1]}`, shellWord(value));
      continue;
    }
    words.push(shellWord(a));
  }
  return `conformance proxy ${words.join(' ')}`;
}

function whole(name: string, raw: string | undefined, fallback: number, min: number, max?: number): number {
  return wholeNumberFlag(name, raw, min, max) ?? fallback;
}

/** The flags as a config; every mistake is one CTS_BAD_FLAG line. */
export function parseProxyArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ProxyConfig | 'help' {
  const values = readFlags(argv, FLAGS, 'see conformance proxy --help');
  if (values.help) return 'help';
  const target = checkTargetUrl(values.target, '--target');
  const level = values.level ?? 'should';
  if (level !== 'must' && level !== 'should') throw badFlag(`--level takes must or should, got "${level}"`);
  const host = values.host ?? '127.0.0.1';
  if (host.trim() === '') throw badFlag('--host must not be empty');
  const token = values.token ?? env[ENV_TOKEN];
  const basic = values.basic ?? env[ENV_BASIC];
  if (token !== undefined && token.trim() === '')
    throw badFlag(`the token (--token or ${ENV_TOKEN}) must not be empty`);
  if (basic !== undefined && !/^[^:]+:.+$/.test(basic))
    throw badFlag(`basic credentials must be USER:PASS (from --basic or ${ENV_BASIC})`);
  const credentials =
    token === undefined && basic === undefined
      ? undefined
      : { ...(token !== undefined ? { token } : {}), ...(basic !== undefined ? { basic } : {}) };
  const outputs: Record<string, string> = {};
  for (const f of REPORT_FORMATS) {
    const path = (values as Record<string, unknown>)[f.name];
    if (typeof path === 'string') outputs[f.name] = path;
  }
  const credentialsFrom = [
    ...(token === undefined
      ? []
      : [values.token !== undefined ? 'a token from --token' : `a token from $${ENV_TOKEN}`]),
    ...(basic === undefined
      ? []
      : [values.basic !== undefined ? 'basic credentials from --basic' : `basic credentials from $${ENV_BASIC}`]),
  ];
  return {
    target,
    host,
    port: whole('port', values.port, 0, 0, 65_535),
    durationS: values.duration === undefined ? undefined : whole('duration', values.duration, 0, 1),
    maxExchanges:
      values['max-exchanges'] === undefined ? undefined : whole('max-exchanges', values['max-exchanges'], 0, 1),
    timeoutMs: whole('timeout', values.timeout, 300_000, 1),
    idleTimeoutMs: whole('idle-timeout', values['idle-timeout'], 60_000, 1),
    maxBodyBytes: whole('max-body-bytes', values['max-body-bytes'], 4 * 1024 * 1024, 1),
    level,
    record: values.record,
    recordBodies: recordBodies(values.record, values['record-bodies']),
    outputs,
    quiet: values.quiet ?? false,
    forceConsole: values.console ?? false,
    color: values['no-color'] ? false : undefined,
    replay: replayLine(argv),
    credentials,
    credentialsFrom,
    connection: readConnectionSettings(values, {}, env),
    priorityScheduling: onOff('priority-scheduling', values['priority-scheduling']),
  };
}

/** `--record-bodies`, which only says what `--record` keeps. */
function recordBodies(record: string | undefined, given: boolean | undefined): boolean {
  if (given && record === undefined)
    throw badFlag('--record-bodies says what the --record file keeps: give --record FILE too');
  return given ?? false;
}

/** A flag that takes on or off; undefined when not given. */
function onOff(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'on' || value === 'off') return value === 'on';
  throw badFlag(`--${name} takes on or off, got "${value}"`);
}

/** `conformance proxy [flags]`: resolves with the exit code once the reports are written. */
export async function proxyCommand(argv: string[]): Promise<number> {
  const cfg = parseProxyArgs(argv);
  if (cfg === 'help') {
    process.stdout.write(PROXY_USAGE);
    return 0;
  }
  checkOutputPaths({ outputs: { ...cfg.outputs, ...(cfg.record !== undefined ? { record: cfg.record } : {}) } });
  const say = (line: string): void => void process.stderr.write(`conformance proxy: ${line}\n`);
  const recording = cfg.record === undefined ? undefined : createWriteStream(cfg.record);
  recording?.on('error', (err) =>
    say(`--record ${cfg.record}: ${(err as NodeJS.ErrnoException).code ?? err.message}: no longer recording`),
  );
  const session = new ProxySession({
    target: cfg.target,
    maxBodyBytes: cfg.maxBodyBytes,
    replay: cfg.replay,
    ...(cfg.credentials ? { credentials: cfg.credentials } : {}),
    ...(cfg.quiet ? {} : { onFirstBreach: (_side, line) => say(line) }),
    ...(recording ? { record: (line: string) => void (recording.writable && recording.write(`${line}\n`)) } : {}),
    ...(cfg.recordBodies ? { recordBodies: true } : {}),
    knownSecrets: connectionSecrets(cfg.connection),
    ...(cfg.priorityScheduling !== undefined ? { priorityScheduling: cfg.priorityScheduling } : {}),
  });
  let stop: (why: string) => void = () => undefined;
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  let ended = 0;
  let server: ProxyServer;
  try {
    server = await startProxyServer({
      session,
      host: cfg.host,
      port: cfg.port,
      timeoutMs: cfg.timeoutMs,
      idleTimeoutMs: cfg.idleTimeoutMs,
      connection: cfg.connection,
      onExchangeEnd: () => {
        if (cfg.maxExchanges !== undefined && ++ended >= cfg.maxExchanges) stop(`${cfg.maxExchanges} exchanges`);
      },
    });
  } catch (err) {
    throw badFlag(
      `cannot listen on ${cfg.host}:${cfg.port}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message.split('\n')[0]}`,
    );
  }
  const onSignal = (signal: NodeJS.Signals): void => stop(signal);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const timer =
    cfg.durationS === undefined ? undefined : setTimeout(() => stop(`${cfg.durationS} s`), cfg.durationS * 1000);
  process.stdout.write(`listening on ${server.url} (proxy to ${cfg.target})\n`);
  const reached = describeConnection(cfg.target, cfg.connection);
  if (reached) say(`reaching ${cfg.target} ${reached}`);
  // Said at the start, so that a variable left set for another target does not surprise (§5).
  say(
    cfg.credentialsFrom.length
      ? `§5 judged against ${cfg.credentialsFrom.join(' and ')}: a 2xx to any other credentials is a server-side failure`
      : `§5: no --token/--basic (nor $${ENV_TOKEN}/$${ENV_BASIC}): answers to other credentials are not judged, only to missing or wrong-scheme ones`,
  );
  const why = await stopped;
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  if (timer) clearTimeout(timer);
  await server.close();
  if (recording) await new Promise<void>((resolve) => recording.end(resolve));
  const reports = proxyReports(session, { level: cfg.level, replay: cfg.replay, connection: cfg.connection });
  say(`stopped (${why}): ${trafficLine(session)}`);
  await emitOutputs(reports, cfg);
  // The clients' findings are reported, never gating: the exit code is the server's.
  return exitCodeOf(reports.slice(0, 1));
}
