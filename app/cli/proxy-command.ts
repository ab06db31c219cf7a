/**
 * @module `conformance proxy --target URL`: the judging proxy (src/proxy), which judges the traffic
 * until a signal, `--duration` or `--max-exchanges` stops it, and writes `run`'s reports meanwhile and at the end.
 */
import { baselineFlags, gateReports, type OpenedBaseline, openBaseline } from './baseline-gate.js';
import { createWriteStream } from 'node:fs';
import { describePriority } from '../../src/rules/chat-answer-rules.js';
import { ENV_BASIC, ENV_TOKEN } from '../../src/core/defaults.js';
import { checkTargetUrl } from '../../src/core/target-url.js';
import { exitCodeOf } from '../../src/gating/verdict.js';
import { proxyReports, trafficLine } from '../../src/proxy/report.js';
import { startProxyServer, type ProxyServer } from '../../src/proxy/server.js';
import { ProxySession } from '../../src/proxy/session.js';
import { exchangeReplayLine } from '../../src/proxy/exchange-replay.js';
import { withNothingJudged } from '../../src/proxy/nothing-judged.js';
import { unreachableTarget } from '../../src/proxy/target-probe.js';
import { interruptOnSignals } from '../../src/runner/interrupt.js';
import { CONNECTION_OPTIONS } from './connection-flags.js';
import { reportWriter, type WriteReports } from './proxy-report-writer.js';
import { type AdminServer, startAdminServer } from '../../src/proxy/admin-server.js';
import { ProxyMetrics } from '../../src/proxy/metrics.js';
import { isSecretHeaderName } from '../../src/core/redact.js';
import { connectionSecrets, describeConnection } from '../../src/transport/connection.js';
import { headerVariable, shellWord } from '../../src/transport/curl.js';
import { ENV_PROXY, readConnectionSettings } from './connection-flags.js';
import { checkOutputPaths, emitOutputs } from './outputs.js';
import { badFlag, printed, readFlags } from './flags.js';
import { PROXY_OPTIONS } from './options/proxy.js';
import { listParamOptions, outputsOf } from './options/shared.js';
import { type CliOption, type OptionTable, resolver } from './options/table.js';
import { PROXY_USAGE } from './usage.js';

type ProxyConfig = Exclude<ReturnType<typeof parseProxyArgs>, 'help'>;

/** Flags of the proxy that `run --replay` takes with the same meaning: what an exchange's replay line carries. */
const REPLAY_CARRIES: ReadonlySet<string> = new Set([
  ...['target', 'token', 'basic', 'level', 'max-body-bytes'],
  ...Object.keys({ ...listParamOptions('proxy'), ...CONNECTION_OPTIONS }),
]);

/**
 * The words of `argv`, secrets read back from the environment (a secret flag becomes the variable
 * that holds it); with `carried`, only the flags it names.
 */
function commandWords(argv: readonly string[], carried?: ReadonlySet<string>): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const flag = /^--([\w-]+)(=.*)?$/.exec(a);
    const option: CliOption | undefined = flag ? (PROXY_OPTIONS as OptionTable)[flag[1]!] : undefined;
    if (carried && !(flag && carried.has(flag[1]!))) {
      if (option?.arg !== undefined && flag![2] === undefined) i++;
      continue;
    }
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
    if (carried && flag && flag[2] === undefined && option?.arg !== undefined) words.push(shellWord(argv[++i] ?? ''));
  }
  return words;
}

export function parseProxyArgs(argv: string[], env: NodeJS.ProcessEnv = process.env) {
  const values = readFlags(argv, PROXY_OPTIONS, { hint: 'see conformance proxy --help' });
  if (values.help) return 'help';
  const value = resolver(PROXY_OPTIONS, values, { env });
  const target = checkTargetUrl(values.target, '--target');
  const level = value('level');
  const host = value('host');
  const token = value('token');
  const basic = value('basic');
  const from = (flag: 'token' | 'basic', what: string, variable: string): string[] =>
    value(flag) === undefined ? [] : [`${what} from ${values[flag] !== undefined ? `--${flag}` : `$${variable}`}`];
  return {
    target,
    host,
    port: value('port'),
    admin: values['admin-port'] === undefined ? undefined : { host: value('admin-host'), port: value('admin-port')! },
    durationS: value('duration'),
    maxExchanges: value('max-exchanges'),
    timeoutMs: value('timeout'),
    idleTimeoutMs: value('idle-timeout'),
    maxBodyBytes: value('max-body-bytes'),
    level,
    objectives: value('slo'),
    record: values.record,
    recordBodies: recordBodies(values.record, value('record-bodies')),
    reportInterval: value('report-interval'),
    // With `--record`: the flags of `conformance run --replay` that reach the target as the proxy does.
    exchangeReplay:
      values.record === undefined
        ? undefined
        : {
            base: `conformance run --replay ${shellWord(values.record)}`,
            rest: commandWords(argv, REPLAY_CARRIES).join(' '),
          },
    ...outputsOf(values, (format) => values[format as keyof typeof values]),
    replay: `conformance proxy ${commandWords(argv).join(' ')}`,
    credentials:
      token === undefined && basic === undefined
        ? undefined
        : { ...(token !== undefined ? { token } : {}), ...(basic !== undefined ? { basic } : {}) },
    // Where they came from (flags and variable names, never the values), for the start-up line.
    credentialsFrom: [...from('token', 'a token', ENV_TOKEN), ...from('basic', 'basic credentials', ENV_BASIC)],
    connection: readConnectionSettings(values, {}, env),
    // Undefined: as off, as `run` takes it (§7.1).
    priorityScheduling: value('priority-scheduling'),
    baseline: baselineFlags(value),
    listParams: {
      evaluationRunId: value('param-evaluation-run-id'),
      limit: value('param-limit'),
      offset: value('param-offset'),
    },
  };
}

function recordBodies(record: string | undefined, given: boolean): boolean {
  if (given && record === undefined)
    throw badFlag('--record-bodies says what the --record file keeps: give --record FILE too');
  return given;
}

/** The session judging the traffic, with the recording and metrics it feeds (when asked for). */
function openSession(cfg: ProxyConfig, say: (line: string) => void) {
  const recording = cfg.record === undefined ? undefined : createWriteStream(cfg.record);
  recording?.on('error', (err) =>
    say(`--record ${cfg.record}: ${(err as NodeJS.ErrnoException).code ?? err.message}: no longer recording`),
  );
  const metrics = cfg.admin && new ProxyMetrics({ target: cfg.target });
  const r = cfg.exchangeReplay;
  const session = new ProxySession({
    ...(metrics ? { listener: metrics } : {}),
    target: cfg.target,
    maxBodyBytes: cfg.maxBodyBytes,
    // A finding's replay line replays its exchange from the recording; without one, it is left out.
    replay: '',
    ...(r ? { replayExchange: (line, op, rule) => exchangeReplayLine(r.base, r.rest, line, op, rule) } : {}),
    ...(cfg.credentials ? { credentials: cfg.credentials } : {}),
    ...(cfg.quiet ? {} : { onFirstBreach: (_side, line) => say(line) }),
    ...(recording ? { record: recorder(recording) } : {}),
    ...(cfg.recordBodies ? { recordBodies: true } : {}),
    knownSecrets: connectionSecrets(cfg.connection),
    ...(cfg.priorityScheduling !== undefined ? { priorityScheduling: cfg.priorityScheduling } : {}),
    listParams: cfg.listParams,
  });
  return { session, recording, metrics };
}

/** The start lines that say how the target is reached and what of §5 and §7.1 is judged. */
function sayWhatIsJudged(cfg: ProxyConfig, say: (line: string) => void): void {
  const reached = describeConnection(cfg.target, cfg.connection);
  if (reached) say(`reaching ${cfg.target} ${reached}`);
  // Said at the start, so that a variable left set for another target does not surprise (§5).
  say(
    cfg.credentialsFrom.length
      ? `§5 judged against ${cfg.credentialsFrom.join(' and ')}: a 2xx to any other credentials is a server-side failure`
      : `§5: no --token/--basic (nor $${ENV_TOKEN}/$${ENV_BASIC}): answers to other credentials are not judged, only to missing or wrong-scheme ones`,
  );
  say(describePriority(cfg.priorityScheduling === true, '--priority-scheduling on'));
}

/** `conformance proxy [flags]`: resolves with the exit code once the reports are written. */
export async function proxyCommand(argv: string[]): Promise<number> {
  const cfg = parseProxyArgs(argv);
  if (cfg === 'help') return printed(PROXY_USAGE);
  checkOutputPaths({ outputs: { ...cfg.outputs, ...(cfg.record !== undefined ? { record: cfg.record } : {}) } });
  const opened = openBaseline(cfg.baseline);
  const say = (line: string): void => void process.stderr.write(`conformance proxy: ${line}\n`);
  const { session, recording, metrics } = openSession(cfg, say);
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
  const writeReports: WriteReports = reportWriter(cfg.outputs, () => buildReports(session, cfg, opened));
  const admin: AdminServer | undefined =
    metrics &&
    (await startAdminServer({ ...cfg.admin!, metrics, writeReports }).catch(async (err: NodeJS.ErrnoException) => {
      await server.close();
      throw badFlag(`--admin-port: cannot listen on ${cfg.admin!.host}:${cfg.admin!.port}: ${err.code ?? err.message}`);
    }));
  // The first SIGINT/SIGTERM stops the proxy as --duration would; a second exits at once.
  const signals = interruptOnSignals();
  signals.signal.addEventListener('abort', () => stop(String(signals.signal.reason)));
  const timer =
    cfg.durationS === undefined ? undefined : setTimeout(() => stop(`${cfg.durationS} s`), cfg.durationS * 1000);
  const stopWriting = writeWhileRunning(writeReports, cfg.reportInterval, say);
  process.stdout.write(`listening on ${server.url} (proxy to ${cfg.target})\n`);
  void unreachableTarget(cfg.target, cfg.connection).then((why) => {
    if (why !== undefined)
      say(`warning: the target ${cfg.target} is not reachable (${why}); exchanges will be answered 502 until it is`);
  });
  if (admin) process.stdout.write(`metrics on ${admin.url}/metrics (Prometheus; apart from the traffic)\n`);
  sayWhatIsJudged(cfg, say);
  const why = await stopped;
  stopWriting();
  if (timer) clearTimeout(timer);
  await server.close();
  await admin?.close();
  if (recording) await new Promise<void>((resolve) => recording.end(resolve));
  const reports = buildReports(session, cfg, opened, true);
  const files = Object.values(cfg.outputs).filter(Boolean);
  say(
    `stopped (${why}): ${trafficLine(session)}; ${files.length ? `reports written: ${files.join(', ')}` : 'no report file asked for'}`,
  );
  await emitOutputs(reports, cfg);
  signals.dispose();
  // The clients' findings are reported, never gating: the exit code is the server's, as `run` gives it.
  return exitCodeOf(reports.slice(0, 1));
}

/**
 * The reports of the traffic so far: the server's (COULD NOT JUDGE when nothing of it was judged),
 * judged against the baseline, and the clients'. `final`: the last, which may write the baseline.
 */
function buildReports(session: ProxySession, cfg: ProxyConfig, opened: OpenedBaseline | undefined, final = false) {
  const [server, clients] = proxyReports(session, {
    level: cfg.level,
    replay: cfg.replay,
    connection: cfg.connection,
    objectives: cfg.objectives,
  });
  const judged = withNothingJudged(server!, session.exchanges);
  return [...gateReports([judged], opened, cfg.baseline, { driver: 'traffic' }, final), clients!];
}

/** `--record`'s writer: each line appended, its line number returned (undefined once the file failed). */
function recorder(recording: NodeJS.WritableStream & { writable: boolean }): (line: string) => number | undefined {
  let lines = 0;
  return (line) => {
    if (!recording.writable) return undefined;
    recording.write(`${line}\n`);
    return ++lines;
  };
}

/**
 * Writes the reports every `intervalS` seconds (when given) and on each SIGUSR1, saying when a write
 * fails; returns what stops it.
 */
export function writeWhileRunning(
  writeReports: WriteReports,
  intervalS: number | undefined,
  say: (line: string) => void,
): () => void {
  const write = (): void =>
    void writeReports().catch((err: Error) => say(`could not write the reports: ${err.message.split('\n')[0]}`));
  const timer = intervalS === undefined ? undefined : setInterval(write, intervalS * 1000);
  timer?.unref();
  process.on('SIGUSR1', write);
  return () => {
    if (timer) clearInterval(timer);
    process.off('SIGUSR1', write);
  };
}
