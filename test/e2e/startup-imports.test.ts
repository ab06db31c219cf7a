/**
 * Issue 17: `conformance mock` starts in about twice the time of a bare node:http server because it
 * loads only the mock. This proves what it must not load on the way to "listening on" (each costs
 * 15-60 ms of start-up): fast-check (loaded on the first structured-output request), faker (the
 * record texts come from a written-out word list), undici, msw, the generators, the checks and the
 * reporters. No timing is asserted; bench/ measures the time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { packageRoot } from '../../src/core/package-root.js';

/** The ES modules a `conformance mock --port 0` loads before it prints "listening on". */
async function modulesLoadedByMock(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cts-imports-'));
  const list = join(dir, 'loaded.txt');
  const hooks = join(dir, 'hooks.mjs');
  const register = join(dir, 'register.mjs');
  writeFileSync(list, '');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(list)}, url + '\\n'); return next(url, context); }\n`,
  );
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  const child = spawn(
    process.execPath,
    ['--import', pathToFileURL(register).href, join(packageRoot(), 'bin', 'conformance.js'), 'mock', '--port', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('listening on')) resolve();
      });
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      child.once('exit', (code) => reject(new Error(`conformance mock exited (${code}) before listening: ${err}`)));
    });
    return readFileSync(list, 'utf8').split('\n').filter(Boolean);
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('`conformance mock` loads the mock only: no fast-check, faker, undici, msw, generators, checks or reporters', async () => {
  const loaded = await modulesLoadedByMock();
  expect(
    loaded.some((u) => u.includes('/dist/mock/adapters/node.js')),
    'the hook saw the mock load',
  ).toBe(true);
  const unwanted = loaded.filter((u) =>
    /\/node_modules\/(fast-check|@faker-js|undici|msw)\/|\/dist\/(src\/generation|suites|reporters)\//.test(u),
  );
  expect(unwanted).toEqual([]);
});
