/**
 * The package as a user installs it: `npm pack`, then the tarball installed offline (from the npm
 * cache `npm ci` filled) into a fresh project, and used there: the CLI against the bundled mock,
 * `conformance mock --list-faults`, the types of all four entry points under `tsc --noEmit`, and
 * `registerConformanceTests` in a vitest run against a faulty mock. Also: the tarball carries no
 * build leftovers and has its licence.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { packageRoot } from '../../src/core/package-root.js';

const ROOT = packageRoot();
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version: string }>;
};
const versionOf = (name: string): string => lock.packages[`node_modules/${name}`]!.version;
const dir = mkdtempSync(join(tmpdir(), 'cts-package-'));
const project = join(dir, 'project');
let tarball = '';
let files: string[] = [];

const run = (cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) =>
  spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', NO_COLOR: '1', ...env },
    timeout: 240_000,
  });

/** As `run`, without blocking the event loop (the mock this test started must keep serving). */
function runAsync(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, NO_COLOR: '1', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

beforeAll(() => {
  // dist/ is built by `npm test` before the tests: pack it as it is, without running prepare again.
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: ROOT,
      encoding: 'utf8',
    }),
  ) as { filename: string; files: { path: string }[] }[];
  tarball = join(dir, packed[0]!.filename);
  files = packed[0]!.files.map((f) => f.path);
  execFileSync('mkdir', ['-p', project]);
  // Offline: npm has the package tarballs in its cache (npm ci put them there) but not the registry's
  // metadata, so the user project gets a lockfile: this package's own, with the tarball at its root.
  const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  // msw is what a user of the msw entry installs (an optional peer); the CLI needs none of it.
  const deps = {
    'conformance-suite': `file:${tarball}`,
    vitest: versionOf('vitest'),
    msw: versionOf('msw'),
    '@types/node': versionOf('@types/node'),
  };
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'user-project', version: '1.0.0', private: true, type: 'module', dependencies: deps }),
  );
  const packages: Record<string, unknown> = { '': { name: 'user-project', version: '1.0.0', dependencies: deps } };
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '') continue;
    const { dev: _dev, devOptional: _devOptional, ...rest } = entry as Record<string, unknown>;
    packages[key] = rest;
  }
  packages['node_modules/conformance-suite'] = {
    version: own.version,
    resolved: `file:${tarball}`,
    integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
    dependencies: own.dependencies,
    peerDependencies: own.peerDependencies,
    peerDependenciesMeta: own.peerDependenciesMeta,
    bin: own.bin,
    engines: own.engines,
  };
  writeFileSync(
    join(project, 'package-lock.json'),
    JSON.stringify({ name: 'user-project', version: '1.0.0', lockfileVersion: 3, requires: true, packages }),
  );
  const install = run('npm', ['ci', '--offline'], project);
  if (install.status !== 0) throw new Error(`offline install failed: ${install.stderr.slice(-2000)}`);
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the tarball has the built code and the licence, and no build leftovers', () => {
  expect(files).toContain('LICENSE');
  expect(files).toContain('dist/app/cli/main.js');
  // The command line's bundle, which the launcher runs when no compile is newer (none is, installed).
  expect(files).toContain('dist/cli/main.js');
  expect(files).toContain('dist/cli/validators.standalone.cjs');
  expect(files).toContain('docs/conventions.md');
  expect(files.filter((f) => /^dist\/(bench|scripts)\/|\.tsbuildinfo$/.test(f))).toEqual([]);
});

test('the package installs without an install-time script, and msw is an optional peer, not a dependency', () => {
  const own = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
    peerDependenciesMeta: Record<string, { optional?: boolean }>;
  };
  // npm 11 warns about (and will refuse) a dependency's install, postinstall or prepare script.
  expect(Object.keys(own.scripts).filter((s) => /^(pre|post)?install$|^prepare$/.test(s))).toEqual([]);
  expect(own.dependencies.msw).toBeUndefined();
  expect(own.peerDependenciesMeta.msw?.optional).toBe(true);
  // The CLI and the library entries load without msw: only the msw entry imports it.
  const imports = run(
    'grep',
    ['-rlE', 'from [\'"]msw|import\\([\'"]msw', 'node_modules/conformance-suite/dist', '--include=*.js'],
    project,
  );
  expect(imports.stdout.trim().split('\n')).toEqual(['node_modules/conformance-suite/dist/mock/adapters/msw.js']);
});

test('npx --no conformance run passes against the bundled mock; mock --list-faults lists the faults', {
  timeout: 120_000,
}, () => {
  const r = run('npx', ['--no', '--offline', 'conformance', 'run', '--level', 'should', '--console'], project);
  expect(r.status, r.stderr.slice(-2000)).toBe(0);
  expect(r.stdout).toContain('CONFORMANT at level should, coverage 100%');
  const faults = run('npx', ['--no', '--offline', 'conformance', 'mock', '--list-faults'], project);
  expect(faults.status).toBe(0);
  expect(faults.stdout).toMatch(/^chat-completions\.usage-does-not-add-up +/m);
});

test('the four entry points type-check in a user project', { timeout: 120_000 }, () => {
  writeFileSync(
    join(project, 'uses.ts'),
    [
      "import { runSuite, runConformance, CATALOGUE, RUN_DEFAULTS, renderConsole, renderJunit, renderJson, renderMarkdown, renderHtml } from 'conformance-suite';",
      "import { createMock, startMockServer } from 'conformance-suite/mock';",
      "import { handlers } from 'conformance-suite/mock/msw';",
      "import { registerConformanceTests } from 'conformance-suite/vitest';",
      'export const used = [runSuite, runConformance, CATALOGUE, RUN_DEFAULTS, renderConsole, renderJunit, renderJson, renderMarkdown, renderHtml, createMock, startMockServer, handlers, registerConformanceTests];',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
      },
      files: ['uses.ts'],
    }),
  );
  const tsc = run(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'],
    project,
  );
  expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
});

test("registerConformanceTests in the user's vitest run: failures with replay lines, skips as skips", {
  timeout: 180_000,
}, async () => {
  writeFileSync(
    join(project, 'conformance.test.ts'),
    [
      "import { registerConformanceTests } from 'conformance-suite/vitest';",
      "registerConformanceTests({ target: process.env.TARGET!, level: 'should', only: ['chat-completions.usage-adds-up', 'trajectories.'], targetConfig: { model: 'mock-model' } });",
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(project, 'vitest.config.ts'),
    "export default { test: { include: ['conformance.test.ts'], testTimeout: 120000 } };\n",
  );
  // A faulty mock, started from the installed package as a user would.
  const mock = spawn(
    'npx',
    ['--offline', 'conformance', 'mock', '--port', '0', '--faults', 'chat-completions.usage-does-not-add-up'],
    { cwd: project, stdio: ['ignore', 'pipe', 'inherit'], detached: true },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    const t = setTimeout(() => reject(new Error(`the mock did not start: ${text}`)), 30_000);
    mock.stdout!.on('data', (b: Buffer) => {
      text += b.toString();
      const m = /listening on (http:\/\/\S+)/.exec(text);
      if (m) {
        clearTimeout(t);
        resolve(m[1]!);
      }
    });
  });
  try {
    const out = join(dir, 'vitest.json');
    const r = await runAsync('npx', ['--offline', 'vitest', 'run', '--reporter=json', `--outputFile=${out}`], project, {
      TARGET: url,
      CONFORMANCE_TOKEN: 'mock-token',
      CONFORMANCE_BASIC: 'api:mock-key',
    });
    expect(r.status, r.stderr.slice(-2000)).toBe(1);
    const results = (
      JSON.parse(readFileSync(out, 'utf8')) as {
        testResults: { assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
      }
    ).testResults.flatMap((f) => f.assertionResults);
    const usage = results.find((t) => t.fullName.includes('chat-completions.usage-adds-up'))!;
    expect(usage.status).toBe('failed');
    expect(usage.failureMessages.join('\n')).toMatch(
      /conformance run --target http:\/\/\S+ --model mock-model --level should --runs 10 --token "\$CONFORMANCE_TOKEN" --basic "\$CONFORMANCE_BASIC" --only chat-completions\.usage-adds-up/,
    );
    // Writes are not allowed against a non-mock target: those checks are skipped, not passed.
    expect(
      results.filter((t) => t.fullName.includes('trajectories.') && t.status === 'skipped').length,
    ).toBeGreaterThan(0);
    expect(results.filter((t) => t.fullName.includes('trajectories.') && t.status === 'passed')).toEqual([]);
  } finally {
    // The whole group: npx and the mock under it.
    process.kill(-mock.pid!, 'SIGTERM');
  }
});
