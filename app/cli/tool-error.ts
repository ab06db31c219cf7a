/** @module What a tool error thrown by a command becomes at the command line: one line on stderr and an exit code. */
import { describeError } from '../../src/core/errors.js';

/** `conformance: MESSAGE [CTS_CODE]` and exit 2 (a usage or configuration error), or 1 for `CTS_INTERNAL` (a bug). */
export function toolErrorExit(err: unknown): { readonly line: string; readonly exitCode: number } {
  const { code, message } = describeError(err);
  return { line: `conformance: ${message} [${code}]\n`, exitCode: code === 'CTS_INTERNAL' ? 1 : 2 };
}
