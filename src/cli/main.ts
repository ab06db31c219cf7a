/** @module CLI entry: `conformance <run|mock|list|help>`. Tool errors print one line, never a stack. */
import { describeError } from '../core/errors.js';
import { USAGE } from './usage.js';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return 0;
    default:
      process.stderr.write(`conformance: unknown command "${command}" [CTS_BAD_FLAG]\n\n${USAGE}`);
      void rest;
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const { code, message } = describeError(err);
    process.stderr.write(`conformance: ${message} [${code}]\n`);
    process.exitCode = 2;
  },
);
