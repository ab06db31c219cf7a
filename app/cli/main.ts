/** @module CLI entry: `conformance <run|mock|list|coverage|proxy|merge|help>`. Tool errors print one line, never a stack. */
import { toolErrorExit } from './tool-error.js';

// The usage text names every report format (reporters/registry.js): loaded only when printed.
const usage = async (): Promise<string> => (await import('./usage.js')).USAGE;

// Commands load lazily: `--help` and `mock` should not pay for the catalogue and the generators.
const COMMANDS: Record<string, () => Promise<(argv: string[]) => Promise<number>>> = {
  run: async () => (await import('./run-command.js')).runCommand,
  mock: async () => (await import('./mock-command.js')).mockCommand,
  list: async () => (await import('./list-command.js')).listCommand,
  coverage: async () => (await import('./coverage-command.js')).coverageCommand,
  proxy: async () => (await import('./proxy-command.js')).proxyCommand,
  merge: async () => (await import('./merge-command.js')).mergeCommand,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== undefined && Object.hasOwn(COMMANDS, command)) return (await COMMANDS[command]!())(rest);
  if (command === undefined || ['help', '--help', '-h'].includes(command)) {
    process.stdout.write(await usage());
    return 0;
  }
  process.stderr.write(`conformance: unknown command "${command}" [CTS_BAD_FLAG]\n\n${await usage()}`);
  return 2;
}

// A reader that stops early (`conformance list | head`) closes the pipe: stop quietly, as Unix tools do.
const isBrokenPipe = (err: unknown): boolean => (err as NodeJS.ErrnoException | undefined)?.code === 'EPIPE';
process.stdout.on('error', (err) => {
  if (isBrokenPipe(err)) process.exit(0);
});

// A stray rejection or exception must still end in one line and a defined exit code.
process.on('uncaughtException', (err) => {
  if (isBrokenPipe(err)) process.exit(0);
  process.stderr.write(toolErrorExit(err).line);
  process.exit(2);
});

/**
 * Exits once stdout and stderr have taken every write. A finished run has nothing left to do, but a
 * plain return first waits for V8's queued background tasks (compilation, GC) to drain: up to ~90 ms
 * of idle wall time at the end of a quick run on a quiet 2-core machine (seen with --cpu-prof and strace).
 */
function exitWhenFlushed(code: number): void {
  process.exitCode = code;
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

const command = process.argv[2];
main(process.argv.slice(2)).then(
  (code) => {
    // Only a run ends here for sure: `mock` and `proxy` return while their servers go on serving.
    if (command === 'run') exitWhenFlushed(code);
    else process.exitCode = code;
  },
  (err: unknown) => {
    if (isBrokenPipe(err)) process.exit(0);
    const { line, exitCode } = toolErrorExit(err);
    process.stderr.write(line);
    process.exitCode = exitCode;
  },
);
