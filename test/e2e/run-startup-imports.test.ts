/**
 * Issue 41: a run of one check pays at start only for what that check needs. This proves what such a
 * run (`conformance run --only <one check>`, the bundled mock in-process) must not load: faker (the
 * generators' corpus is written out), undici's index (the client loads only the dispatcher files it
 * uses), ajv's compiler (the build's standalone validators need only ajv's runtime helpers), and the
 * help text with every command's option table. No timing is asserted; bench/ measures the time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { packageRoot } from '../../src/core/package-root.js';

/** Every module (ES and CommonJS) a one-check run loads, and its exit code. */
async function modulesLoadedByOneCheckRun(): Promise<{ loaded: string[]; code: number | null }> {
  const dir = mkdtempSync(join(tmpdir(), 'cts-run-imports-'));
  const esm = join(dir, 'esm.txt');
  const cjs = join(dir, 'cjs.txt');
  writeFileSync(esm, '');
  writeFileSync(
    join(dir, 'hooks.mjs'),
    [
      `import { appendFileSync } from 'node:fs';`,
      `export async function load(url, context, next) { appendFileSync(${JSON.stringify(esm)}, url + '\\n'); return next(url, context); }`,
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'register.mjs'),
    [
      `import { register } from 'node:module';`,
      `register(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});`,
    ].join('\n'),
  );
  // The CommonJS modules (undici, ajv) do not pass the ES loader's hooks: read the require cache at exit.
  writeFileSync(
    join(dir, 'cjs.cjs'),
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(cjs)}, Object.keys(require.cache).join('\\n')));\n`,
  );
  const args = ['--require', join(dir, 'cjs.cjs'), '--import', pathToFileURL(join(dir, 'register.mjs')).href];
  const cli = [
    join(packageRoot(), 'bin', 'conformance.js'),
    'run',
    '--only',
    'chat-completions.structured-outputs-choice',
  ];
  const child = spawn(process.execPath, [...args, ...cli, '--seed', '1', '--quiet'], { stdio: 'ignore' });
  try {
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const read = (f: string) => readFileSync(f, 'utf8').split('\n').filter(Boolean);
    return { loaded: [...read(esm), ...read(cjs)], code };
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a one-check run loads no faker, no undici index, no ajv compiler and no help text', async () => {
  const { loaded, code } = await modulesLoadedByOneCheckRun();
  expect(code).toBe(0);
  expect(
    loaded.some((u) => u.includes('/node_modules/undici/lib/dispatcher/agent.js')),
    'the client loaded',
  ).toBe(true);
  const unwanted = loaded.filter((u) =>
    /\/node_modules\/(@faker-js\/|undici\/index\.js|ajv\/dist\/(core|2020|compile\/index)\.js)|\/dist\/app\/cli\/usage\.js/.test(
      u,
    ),
  );
  expect(unwanted).toEqual([]);
});
