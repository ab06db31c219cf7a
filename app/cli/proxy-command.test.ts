/**
 * `conformance proxy`'s flags as a function: every mistake is one CTS_BAD_FLAG line (exit 2 at the
 * command line), `--help` is the usage with the exit codes. The binary's own run of the same is
 * test/proxy/cli.test.ts.
 */
import { expect, test } from 'vitest';
import { capturingOutput } from '../../test/helpers/stdout.js';
import { proxyCommand } from './proxy-command.js';
import { toolErrorExit } from './tool-error.js';

test('wrong flags are one line with CTS_BAD_FLAG and exit 2, never a stack', async () => {
  for (const argv of [
    ['--target', 'http://127.0.0.1:1', '--port', 'eighty'],
    ['--target', 'ftp://x'],
    [],
    ['--target', 'http://127.0.0.1:1', '--frobnicate'],
    ['--target', 'http://127.0.0.1:1', '--duration', '0'],
  ]) {
    const out = await capturingOutput(() => proxyCommand(argv));
    expect(out.error, argv.join(' ')).toMatchObject({ code: 'CTS_BAD_FLAG' });
    const { line, exitCode } = toolErrorExit(out.error);
    expect(exitCode).toBe(2);
    expect(line).toMatch(/^conformance: [^\n]+ \[CTS_BAD_FLAG\]\n$/);
    // Refused before listening: nothing else said.
    expect(out.stdout + out.stderr).toBe('');
  }
  const help = await capturingOutput(() => proxyCommand(['--help']));
  expect(help.result).toBe(0);
  expect(help.stdout).toContain('Exit codes: 0 no server-side finding');
});
