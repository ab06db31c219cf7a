/**
 * The real `conformance proxy` writes its reports while it runs: every `--report-interval` seconds
 * and on SIGUSR1, each file whole (renamed into place), so that a sidecar killed hard (SIGKILL) keeps
 * its last report. The first SIGTERM ends it as `--duration` does: reports written, one line saying
 * so, the verdict's exit code (not the shell's 143).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { sdk, startProxyCli } from '../proxy/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-proxy-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const waitFor = async (what: () => boolean, ms = 8_000): Promise<void> => {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (what()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
};

async function chat(url: string): Promise<void> {
  await sdk(url, DEFAULT_TOKEN).chat.completions.create({
    model: 'm',
    messages: [{ role: 'user', content: 'hi' }],
    max_completion_tokens: 4,
  });
}

test('--report-interval writes the reports while running; a SIGKILL keeps the last one', async () => {
  const mock = await startMockServer({ port: 0 });
  const json = join(dir, 'interval.json');
  const proxy = await startProxyCli(['--target', mock.url, '--json', json, '--report-interval', '1'], {
    CONFORMANCE_TOKEN: DEFAULT_TOKEN,
  });
  try {
    await chat(proxy.url);
    await waitFor(() => existsSync(json) && readFileSync(json, 'utf8').includes('"judged": 1'));
    proxy.child.kill('SIGKILL');
    const { code } = await proxy.exited;
    expect(code).toBeNull();
    const reports = JSON.parse(readFileSync(json, 'utf8')) as { runs?: unknown[] } | unknown[];
    expect(JSON.stringify(reports)).toContain('acceptance.valid-request-succeeds.chat-create');
  } finally {
    proxy.child.kill('SIGKILL');
    await mock.close();
  }
});

test('SIGUSR1 writes the reports at once; SIGTERM stops, writes them, says so, and exits with the verdict (0)', async () => {
  const mock = await startMockServer({ port: 0 });
  const json = join(dir, 'usr1.json');
  const proxy = await startProxyCli(['--target', mock.url, '--json', json], { CONFORMANCE_TOKEN: DEFAULT_TOKEN });
  try {
    await chat(proxy.url);
    expect(existsSync(json)).toBe(false);
    proxy.child.kill('SIGUSR1');
    await waitFor(() => existsSync(json));
    const first = statSync(json).mtimeMs;
    expect(readFileSync(json, 'utf8')).toContain('chat-create');
    proxy.child.kill('SIGTERM');
    const { code, stderr } = await proxy.exited;
    expect(code).toBe(0);
    expect(stderr).toMatch(/stopped \(SIGTERM\): 1 exchange observed; reports written: \S*usr1\.json/);
    expect(statSync(json).mtimeMs).toBeGreaterThanOrEqual(first);
    // Node's own use of SIGUSR1 (starting the inspector) did not take it.
    expect(stderr).not.toContain('Debugger listening');
  } finally {
    proxy.child.kill('SIGKILL');
    await mock.close();
  }
});
