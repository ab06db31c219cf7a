/**
 * @module `conformance mock`: the bundled reference mock as a standalone HTTP server. Prints
 * `listening on http://HOST:PORT` once ready and serves until SIGINT/SIGTERM, whoever started it (a
 * shell that has returned, `nohup`, a container entrypoint); with `--exit-with-parent` it also stops
 * when the process that started it goes away. A stop that no signal asked for says why on stderr.
 * Bad flags print one line and exit 2, never a stack.
 */
import { startMockServer, type MockServerOptions } from '../../mock/adapters/node.js';
import { FAULTS, resolveFaults } from '../../mock/faults/index.js';
import { ENV_BASIC, ENV_TOKEN } from '../../src/core/defaults.js';
import { describeError } from '../../src/core/errors.js';
import { readFlags, badFlag, wholeNumberFlag } from './flags.js';

export const MOCK_USAGE = `Usage: conformance mock [options]

Start the bundled reference mock as a standalone HTTP server.

Options:
  --host HOST              Address to bind (default 127.0.0.1, loopback only)
  --port PORT              Port (default 0: a free port)
  --token T                Bearer token for /v1 (default: $${ENV_TOKEN} or the documented test token)
  --basic USER:PASS        Basic credentials for /v2 (default: $${ENV_BASIC} or the documented test credentials)
  --entity E               Entity holding the seeded records (default acme)
  --project P              Project holding the seeded records (default evals)
  --records N              Records per kind (predictions, scores) (default 120)
  --seed N                 Seed of the generated records (default 1)
  --priority-scheduling    Serve as a model with priority scheduling (§7.1)
  --latency MS             Added latency per response (default 0)
  --faults ID,...          Planted faults (for proving checks can fail); off by default
  --list-faults            Print every fault (id, the checks it breaks, what it does) and exit
  --chaos RATE             Rate in [0,1] of random 429/500/503/stream cuts for client authors (default 0)
  --max-body-bytes N       Largest request body accepted; larger ones get 413 (default 1 MiB)
  --headers-timeout MS     Time allowed to send the headers; slower clients get 408 (default 10000)
  --request-timeout MS     Time allowed to send the whole request (default 30000)
  --idle-timeout MS        A client that stops reading an answer is cut off after this long (default 120000)
  --exit-with-parent       Also stop when the process that started it exits (a wrapper killed without
                           passing the signal on); without it the mock runs until SIGINT/SIGTERM
  --help                   Print this help
`;

/** Where the command writes, and an optional stop signal (tests); defaults to the process. */
export interface MockCommandIO {
  stdout?: { write(text: string): unknown };
  stderr?: { write(text: string): unknown };
  /** Stops the server when aborted, like SIGINT/SIGTERM. */
  stop?: AbortSignal;
  env?: Record<string, string | undefined>;
  /** The parent's pid, read every half second under `--exit-with-parent`; defaults to `process.ppid`. */
  parentPid?: () => number;
}

/** How often `--exit-with-parent` looks at the parent's pid. */
const PARENT_POLL_MS = 500;

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Parses the flags into server options (a mistake throws CTS_BAD_FLAG with a one-line message). */
export function parseMockArgs(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): (MockServerOptions & { host: string; exitWithParent?: boolean }) | 'help' | 'list-faults' {
  const values = readFlags(argv, {
    host: { type: 'string' },
    port: { type: 'string' },
    token: { type: 'string' },
    basic: { type: 'string' },
    entity: { type: 'string' },
    project: { type: 'string' },
    records: { type: 'string' },
    seed: { type: 'string' },
    'priority-scheduling': { type: 'boolean' },
    latency: { type: 'string' },
    faults: { type: 'string' },
    'list-faults': { type: 'boolean' },
    chaos: { type: 'string' },
    'max-body-bytes': { type: 'string' },
    'headers-timeout': { type: 'string' },
    'request-timeout': { type: 'string' },
    'idle-timeout': { type: 'string' },
    'exit-with-parent': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return 'help';
  if (values['list-faults']) return 'list-faults';
  const token = values.token ?? env[ENV_TOKEN];
  const basic = values.basic ?? env[ENV_BASIC];
  if (token !== undefined && token.trim() === '') throw badFlag('--token must not be empty');
  if (basic !== undefined && !/^[^:]+:.+$/.test(basic)) throw badFlag('--basic must be USER:PASS');
  for (const name of ['entity', 'project', 'host'] as const) {
    if (values[name] !== undefined && values[name].trim() === '') throw badFlag(`--${name} must not be empty`);
  }
  const faults = values.faults
    ? values.faults
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean)
    : [];
  try {
    resolveFaults(faults);
  } catch (err) {
    throw badFlag(`--faults: ${(err as Error).message}`);
  }
  let chaos: number | undefined;
  if (values.chaos !== undefined) {
    chaos = Number(values.chaos);
    if (values.chaos.trim() === '' || !(chaos >= 0 && chaos <= 1))
      throw badFlag(`--chaos must be a rate from 0 to 1, got "${values.chaos}"`);
  }
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isSafeInteger(seed))
    throw badFlag(`--seed must be an integer, got "${values.seed}"`);
  const options: MockServerOptions & { host: string; exitWithParent?: boolean } = {
    host: values.host ?? '127.0.0.1',
    faults,
  };
  const port = wholeNumberFlag('port', values.port, 0, 65535);
  const records = wholeNumberFlag('records', values.records, 0);
  const latency = wholeNumberFlag('latency', values.latency, 0, 600_000);
  if (port !== undefined) options.port = port;
  if (records !== undefined) options.records = records;
  if (latency !== undefined) options.latencyMs = latency;
  if (seed !== undefined) options.seed = seed;
  if (chaos !== undefined) options.chaos = chaos;
  if (token !== undefined) options.token = token;
  if (basic !== undefined) options.basic = basic;
  if (values.entity !== undefined) options.entity = values.entity;
  if (values.project !== undefined) options.project = values.project;
  if (values['priority-scheduling']) options.priorityScheduling = true;
  const maxBody = wholeNumberFlag('max-body-bytes', values['max-body-bytes'], 1);
  const headersTimeout = wholeNumberFlag('headers-timeout', values['headers-timeout'], 1);
  const requestTimeout = wholeNumberFlag('request-timeout', values['request-timeout'], 1);
  const idleTimeout = wholeNumberFlag('idle-timeout', values['idle-timeout'], 1);
  if (maxBody !== undefined) options.maxBodyBytes = maxBody;
  if (headersTimeout !== undefined) options.headersTimeoutMs = headersTimeout;
  if (requestTimeout !== undefined) options.requestTimeoutMs = requestTimeout;
  if (idleTimeout !== undefined) options.idleTimeoutMs = idleTimeout;
  if (values['exit-with-parent']) options.exitWithParent = true;
  return options;
}

/** Every fault, a line each: id, the checks it breaks, what it does. */
function describeFaults(): string {
  const width = Math.max(...FAULTS.map((f) => f.id.length));
  const lines = FAULTS.map(
    (f) =>
      `${f.id.padEnd(width)}  ${f.description}${f.breaks.length ? ` Breaks: ${f.breaks.join(', ')}.` : ' Breaks no check (a coverage hole).'}`,
  );
  return `${lines.join('\n')}\n${FAULTS.length} faults; plant them with --faults ID,...\n`;
}

/** `conformance mock [flags]`: resolves with the exit code once the server has stopped. */
export async function mockCommand(argv: string[], io: MockCommandIO = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  let options;
  try {
    options = parseMockArgs(argv, io.env ?? process.env);
  } catch (err) {
    const { code, message } = describeError(err);
    stderr.write(`conformance mock: ${message} [${code}]\n`);
    return 2;
  }
  if (options === 'help') {
    stdout.write(MOCK_USAGE);
    return 0;
  }
  if (options === 'list-faults') {
    stdout.write(describeFaults());
    return 0;
  }
  const { exitWithParent, ...serverOptions } = options;
  let server;
  try {
    server = await startMockServer(serverOptions);
  } catch (err) {
    stderr.write(
      `conformance mock: cannot listen on ${options.host}:${options.port ?? 0}: ${(err as Error).message.split('\n')[0]}\n`,
    );
    return 1;
  }
  if (!isLoopback(server.host)) {
    stderr.write(
      `conformance mock: warning: bound to ${server.host}, not loopback; anyone who can reach this address can use the mock and its test credentials\n`,
    );
  }
  // The signal handlers are in place before "listening" is printed: a supervisor that stops the
  // mock as soon as it reads that line gets a clean exit, not a kill by signal.
  const stopped = new Promise<void>((resolve) => {
    let watch: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      clearInterval(watch);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      io.stop?.removeEventListener('abort', stop);
      resolve();
    };
    if (exitWithParent) {
      // Opt-in: a wrapper (`npx`, a shell) killed without passing the signal on would leave the mock
      // behind. When its parent goes away (the process is re-parented), it stops and says why.
      const parentPid = io.parentPid ?? (() => process.ppid);
      const parent = parentPid();
      watch = setInterval(() => {
        if (parentPid() === parent) return;
        stderr.write(
          `conformance mock: stopping: the process that started it (pid ${parent}) has gone and --exit-with-parent was given\n`,
        );
        stop();
      }, PARENT_POLL_MS);
      watch.unref();
    }
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    if (io.stop?.aborted) stop();
    else io.stop?.addEventListener('abort', stop);
  });
  const planted = options.faults?.length ? ` (faults: ${options.faults.join(', ')})` : '';
  stdout.write(`listening on ${server.url}${planted}\n`);
  await stopped;
  await server.close();
  return 0;
}
