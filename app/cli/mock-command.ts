/** @module `conformance mock`: the bundled reference mock as a standalone HTTP server, until SIGINT/SIGTERM. */
import { startMockServer } from '../../mock/adapters/node.js';
import { FixtureError } from '../../mock/fixtures/load.js';
import { ScriptError } from '../../mock/scripts/validate.js';
import { ENV_BASIC, ENV_TOKEN } from '../../src/core/defaults.js';
import { describeError } from '../../src/core/errors.js';
import { plural } from '../../src/core/words.js';
import { badFlag, readFlags } from './flags.js';
import type { ResolvedMockOptions } from '../../mock/types.js';
import { type CredentialSource, MOCK_OPTIONS, type MockCommandOptions, type MockFlagsFit } from './options/mock.js';
import { resolver } from './options/table.js';
import { helpText } from './options/help.js';

export const MOCK_USAGE = helpText(MOCK_OPTIONS, {
  usage: 'Usage: conformance mock [options]',
  about: 'Start the bundled reference mock as a standalone HTTP server.',
  column: 27,
  sections: [{ title: 'Options:', groups: ['mock', 'help'] }],
});

/** Where the command writes, and an optional stop signal (tests); defaults to the process. */
export interface MockCommandIO {
  stdout?: { write(text: string): unknown };
  stderr?: { write(text: string): unknown };
  /** Stops the server when aborted, like SIGINT/SIGTERM. */
  stop?: AbortSignal;
  env?: Record<string, string | undefined>;
  parentPid?: () => number;
}

const PARENT_POLL_MS = 500;

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The flags as server options, each at the `into` of its table entry. */
export function parseMockArgs(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
): MockCommandOptions | 'help' | 'list-faults' {
  const table: MockFlagsFit<typeof MOCK_OPTIONS> = MOCK_OPTIONS;
  const values = readFlags(argv, table);
  if (values.help) return 'help';
  if (values['list-faults']) return 'list-faults';
  const value = resolver(table, values, { env });
  const options: Partial<Record<keyof MockCommandOptions, unknown>> = {};
  for (const [flag, option] of Object.entries(table)) {
    if (!('into' in option)) continue;
    const v = value(flag as keyof typeof table);
    if (v !== undefined) options[option.into] = v;
  }
  const source = (flag: 'token' | 'basic', name: string): CredentialSource =>
    values[flag] !== undefined ? 'flag' : env[name] !== undefined ? 'env' : 'default';
  options.credentialSources = { token: source('token', ENV_TOKEN), basic: source('basic', ENV_BASIC) };
  return options as MockCommandOptions;
}

/** Every fault, a line each: id, the checks it breaks, what it does (the catalogue loaded only for this). */
async function describeFaults(): Promise<string> {
  const { FAULTS } = await import('../../mock/faults/index.js');
  const width = Math.max(...FAULTS.map((f) => f.id.length));
  const lines = FAULTS.map(
    (f) =>
      `${f.id.padEnd(width)}  ${f.description}${f.breaks.length ? ` Breaks: ${f.breaks.join(', ')}.` : ' Breaks no check (a coverage hole).'}`,
  );
  return `${lines.join('\n')}\n${FAULTS.length} faults; plant them with --faults ID,...\n`;
}

/** How a credential is named on the start line: its kind and where it came from (never its value). */
function credentialLine(resolved: ResolvedMockOptions, sources: MockCommandOptions['credentialSources']): string {
  const from = (source: CredentialSource | undefined, flag: string, env: string, fallback: string) =>
    source === 'flag' ? `from --${flag}` : source === 'env' ? `from $${env}` : fallback;
  const bearerFor = resolved.admin ? '/v1 and /__mock/' : '/v1';
  return (
    `credentials: bearer token for ${bearerFor} ${from(sources?.token, 'token', ENV_TOKEN, 'is the documented test token')}; ` +
    `basic credentials for /v2 ${from(sources?.basic, 'basic', ENV_BASIC, 'are the documented test ones')}; ` +
    'none for GET /health'
  );
}

export function startLines(options: MockCommandOptions, resolved: ResolvedMockOptions): string[] {
  const window =
    resolved.maxContextTokens === undefined
      ? 'no context window'
      : `context window ${resolved.maxContextTokens} tokens (${resolved.contextWording} wording${resolved.tokenizer === 'characters' ? ', a token per character' : ''})`;
  const loaded = [
    `${plural(resolved.records, 'record')} per kind in ${resolved.entity}/${resolved.project} (seed ${resolved.seed})`,
    resolved.scripts.length === 0
      ? 'no scripts'
      : `${plural(resolved.scripts.length, 'script')}${typeof options.scripts === 'string' ? ` from ${options.scripts}` : ''}`,
    resolved.fixtures.length === 0
      ? 'no fixtures'
      : `${plural(resolved.fixtures.length, 'recorded answer')} from ${options.fixtures}`,
    resolved.faults.length === 0 ? 'no faults' : `faults: ${resolved.faults.join(', ')}`,
  ];
  if (resolved.chaos > 0)
    loaded.push(`chaos ${resolved.chaos}${resolved.chaosSeed === undefined ? '' : ` (seed ${resolved.chaosSeed})`}`);
  return [
    credentialLine(resolved, options.credentialSources),
    `model: ${resolved.model} (GET /v1/models), ${window}`,
    `loaded: ${loaded.join('; ')}`,
  ];
}

/** The command line read, and `--faults` checked: every id a planted fault's (or a former name of one). */
async function readMockArgs(argv: string[], env: NodeJS.ProcessEnv): Promise<ReturnType<typeof parseMockArgs>> {
  const options = parseMockArgs(argv, env);
  if (typeof options !== 'object' || !options.faults?.length) return options;
  const { resolveFaults } = await import('../../mock/faults/index.js');
  try {
    resolveFaults(options.faults);
  } catch (err) {
    throw badFlag(`--faults: ${(err as Error).message}`);
  }
  return options;
}

/** Why the server did not start, as a line, and the exit code: a bad scripts or fixtures file is a usage error. */
function startFailure(err: unknown, options: MockCommandOptions): { line: string; code: number } {
  if (err instanceof ScriptError)
    return { line: `--scripts ${options.scripts}: ${err.message.split('\n')[0]} [CTS_BAD_FLAG]`, code: 2 };
  if (err instanceof FixtureError) return { line: `--fixtures: ${err.message.split('\n')[0]} [CTS_BAD_FLAG]`, code: 2 };
  return {
    line: `cannot listen on ${options.host}:${options.port ?? 0}: ${(err as Error).message.split('\n')[0]}`,
    code: 1,
  };
}

/** `conformance mock [flags]`: resolves with the exit code once the server has stopped. */
export async function mockCommand(argv: string[], io: MockCommandIO = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  let options;
  try {
    options = await readMockArgs(argv, io.env ?? process.env);
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
    stdout.write(await describeFaults());
    return 0;
  }
  const { exitWithParent, credentialSources: _sources, ...serverOptions } = options;
  let server;
  try {
    server = await startMockServer(serverOptions);
  } catch (err) {
    const { line, code } = startFailure(err, options);
    stderr.write(`conformance mock: ${line}\n`);
    return code;
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
      // A wrapper (`npx`, a shell) killed without passing the signal on would leave the mock behind.
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
  // One write, so a reader waiting for the listening line has the lines that describe it too.
  const details = startLines(options, server.mock.options).map((line) => `  ${line}\n`);
  stdout.write(`listening on ${server.url}\n${details.join('')}`);
  await stopped;
  await server.close();
  return 0;
}
