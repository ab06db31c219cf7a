/** @module CLI entry: `conformance <run|mock|list|coverage|proxy|merge|help>`. Tool errors print one line, never a stack. */
import { toolErrorExit } from './tool-error.js';

// The usage text names every report format (reporters/registry.js): loaded only when printed.
const usage = async (): Promise<string> => (await import('./usage.js')).USAGE;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    // Commands load lazily: `--help` and `mock` should not pay for the catalogue and the generators.
    case 'run':
      return (await import('./run-command.js')).runCommand(rest);
    case 'mock':
      return (await import('./mock-command.js')).mockCommand(rest);
    case 'list':
      return (await import('./list-command.js')).listCommand(rest);
    case 'coverage':
      return (await import('./coverage-command.js')).coverageCommand(rest);
    case 'proxy':
      return (await import('./proxy-command.js')).proxyCommand(rest);
    case 'merge':
      return (await import('./merge-command.js')).mergeCommand(rest);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(await usage());
      return 0;
    default:
      process.stderr.write(`conformance: unknown command "${command}" [CTS_BAD_FLAG]\n\n${await usage()}`);
      return 2;
  }
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
