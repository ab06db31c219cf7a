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
import type { Objective } from '../../src/core/timing.js';
import type { ListParams } from '../../src/proxy/jsonl-answer.js';
import { exitCodeOf } from '../../src/gating/verdict.js';
import { proxyReports, trafficLine } from '../../src/proxy/report.js';
import { startProxyServer, type ProxyServer } from '../../src/proxy/server.js';
import { ProxySession } from '../../src/proxy/session.js';
import { isSecretHeaderName } from '../../src/core/redact.js';
import { type ConnectionSettings, connectionSecrets, describeConnection } from '../../src/transport/connection.js';
import { headerVariable, shellWord } from '../../src/transport/curl.js';
import { ENV_PROXY, readConnectionSettings } from './connection-flags.js';
import { checkOutputPaths, emitOutputs } from './outputs.js';
import { badFlag, readFlags } from './flags.js';
import { PROXY_OPTIONS } from './options/proxy.js';
import { reportOutputs } from './options/shared.js';
import { type CliOption, type OptionTable, resolver } from './options/table.js';
import { PROXY_USAGE } from './usage.js';

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
  /** `--slo`: objectives judged on the server's timing. */
  readonly objectives: readonly Objective[] | undefined;
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
  /** `--param-*`: the names of the list endpoints' query parameters, with which listings are read and judged. */
  readonly listParams: ListParams;
}

/** The command line for evidence: a secret given as a flag (the table's `secret`) becomes the environment variable that holds it. */
function replayLine(argv: readonly string[]): string {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const flag = /^--([\w-]+)(=.*)?$/.exec(a);
    const option: CliOption | undefined = flag ? (PROXY_OPTIONS as OptionTable)[flag[1]!] : undefined;
    if (flag && option?.secret) {
      words.push(`--${flag[1]} "$${option.env}"`);
      if (flag[2] === undefined) i++;
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

/** The flags as a config; every mistake is one CTS_BAD_FLAG line. */
export function parseProxyArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ProxyConfig | 'help' {
  const values = readFlags(argv, PROXY_OPTIONS, { hint: 'see conformance proxy --help' });
  if (values.help) return 'help';
  const value = resolver(PROXY_OPTIONS, values, { env });
  const target = checkTargetUrl(values.target, '--target');
  const level = value('level');
  const host = value('host');
  const token = value('token');
  const basic = value('basic');
  const credentials =
    token === undefined && basic === undefined
      ? undefined
      : { ...(token !== undefined ? { token } : {}), ...(basic !== undefined ? { basic } : {}) };
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
    port: value('port'),
    durationS: value('duration'),
    maxExchanges: value('max-exchanges'),
    timeoutMs: value('timeout'),
    idleTimeoutMs: value('idle-timeout'),
    maxBodyBytes: value('max-body-bytes'),
    level,
    objectives: value('slo'),
    record: values.record,
    recordBodies: recordBodies(values.record, value('record-bodies')),
    outputs: reportOutputs((format) => values[format as keyof typeof values]),
    quiet: values.quiet ?? false,
    forceConsole: values.console ?? false,
    color: values['no-color'] ? false : undefined,
    replay: replayLine(argv),
    credentials,
    credentialsFrom,
    connection: readConnectionSettings(values, {}, env),
    priorityScheduling: value('priority-scheduling'),
    listParams: {
      evaluationRunId: value('param-evaluation-run-id'),
      limit: value('param-limit'),
      offset: value('param-offset'),
    },
  };
}

/** `--record-bodies`, which only says what `--record` keeps. */
function recordBodies(record: string | undefined, given: boolean): boolean {
  if (given && record === undefined)
    throw badFlag('--record-bodies says what the --record file keeps: give --record FILE too');
  return given;
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
    listParams: cfg.listParams,
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
  const reports = proxyReports(session, {
    level: cfg.level,
    replay: cfg.replay,
    connection: cfg.connection,
    objectives: cfg.objectives,
  });
  say(`stopped (${why}): ${trafficLine(session)}`);
  await emitOutputs(reports, cfg);
  // The clients' findings are reported, never gating: the exit code is the server's.
  return exitCodeOf(reports.slice(0, 1));
}
