/**
 * Every shell snippet of the README and of the tutorials (docs/tutorials/*.md) runs, as a user runs
 * it, so a recipe that stops working fails CI. Each fenced ```sh / ```bash block, and each one-line
 * `run:` of a ```yaml block that calls `conformance` (a CI recipe's step, without `${{ }}`), runs in
 * bash -e, in a scratch project where the package is installed as `npm i -D` installs it
 * (node_modules/conformance-suite, and node_modules/.bin/conformance, also on PATH as in an npm
 * script), so `npx --no conformance`, `./node_modules/.bin/conformance` and `conformance` are this
 * checkout's binary. The snippets of one page share the project, in order. A deployment is a
 * `conformance mock` started here: $TARGET with CONFORMANCE_TOKEN and CONFORMANCE_BASIC set, as a CI
 * job sets them; every port a snippet defaults (`${PROXY_PORT:=8788}`, `$MOCK_PORT`, `$ADMIN_PORT`) is
 * given a free port, so no run depends on a fixed port being free.
 *
 * A command a page repeats word for word (a shell block, then the same command as a CI step) runs once.
 *
 * Before a block, `<!-- snippet: exit N -->` expects exit N; `<!-- snippet: not run (why) -->` skips
 * it, and SKIPS below lists every skip, so they stay few.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { packageRoot } from '../../src/core/package-root.js';
import { freePort } from '../helpers/free-port.js';

const ROOT = packageRoot();
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs', 'tutorials'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/tutorials/${f}`),
];

/** Every block not run, by page and the start of its reason: a new one is added here, on purpose. */
const SKIPS: readonly { page: string; why: string }[] = [
  { page: 'README.md', why: "this project's own tests" },
  { page: 'README.md', why: 'installs from a tarball' },
  { page: 'docs/tutorials/first-run.md', why: 'installs from a tarball' },
];

interface Snippet {
  readonly page: string;
  readonly line: number;
  readonly code: string;
  readonly exit: number;
  readonly skip?: string;
}

const SHELL = /^```(sh|bash|shell)\s*$/;
const YAML = /^```ya?ml\s*$/;
const MARK = /^<!--\s*snippet:\s*(exit (\d+)|not run \((.+)\))\s*-->\s*$/;

/** The page's snippets: shell blocks, and the one-line `run:` steps of CI recipes that call conformance. */
function snippetsOf(page: string, text: string): Snippet[] {
  const lines = text.split('\n');
  const out: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const shell = SHELL.test(lines[i]!);
    const yaml = YAML.test(lines[i]!);
    if (!shell && !yaml) continue;
    let prev = i - 1;
    while (prev >= 0 && lines[prev]!.trim() === '') prev--;
    const mark = prev >= 0 ? MARK.exec(lines[prev]!.trim()) : null;
    const end = lines.indexOf('```', i + 1);
    if (end < 0) throw new Error(`${page}:${i + 1}: a fenced block that never closes`);
    const body = lines.slice(i + 1, end);
    const base = { page, line: i + 1, exit: mark?.[2] ? Number(mark[2]) : 0, ...(mark?.[3] ? { skip: mark[3] } : {}) };
    if (shell) out.push({ ...base, code: body.join('\n') });
    else
      for (const [k, l] of body.entries()) {
        const run = /^\s*(?:-\s+)?run:\s+(.*conformance.*)$/.exec(l);
        if (run && !run[1]!.includes('${{') && !run[1]!.trim().startsWith('|'))
          out.push({ ...base, line: i + 2 + k, code: run[1]!.trim() });
      }
    i = end;
  }
  return out;
}

interface Ran {
  readonly code: number | null;
  readonly out: string;
  readonly ms: number;
}

/** Runs `code` in bash -e in its own process group, which is killed afterwards (a server it left). */
function runShell(code: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Ran> {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', code], { cwd, env, detached: true });
    let out = '';
    const keep = (b: Buffer) => {
      out = (out + b.toString()).slice(-6_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone already
      }
    };
    const timer = setTimeout(() => {
      out += `\n[killed after ${timeoutMs} ms]`;
      killGroup();
    }, timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      killGroup();
      resolve({ code: status, out, ms: Date.now() - start });
    });
  });
}

const SNIPPETS = PAGES.flatMap((page) => snippetsOf(page, readFileSync(join(ROOT, page), 'utf8')));
/** The port variables the snippets default (`${NAME_PORT:=N}`). */
const PORT_VARIABLES = [
  ...new Set(SNIPPETS.flatMap((s) => [...s.code.matchAll(/\$\{([A-Z_]+_PORT):=/g)].map((m) => m[1]!))),
];
const scratch = mkdtempSync(join(tmpdir(), 'cts-docs-snippets-'));
let mock: { url: string; stop: () => void };
let env: NodeJS.ProcessEnv;

/** A project where the package is installed as `npm i -D` installs it (a link to this checkout). */
function userProject(name: string): string {
  const dir = join(scratch, name.replace(/[^\w.-]/g, '_'));
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "name": "my-app", "private": true, "type": "module" }\n');
  symlinkSync(ROOT, join(dir, 'node_modules', 'conformance-suite'));
  symlinkSync('../conformance-suite/bin/conformance.js', join(dir, 'node_modules', '.bin', 'conformance'));
  return dir;
}

beforeAll(async () => {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'conformance.js'), 'mock', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (b: Buffer) => {
      seen += b.toString();
      const m = /listening on (\S+)/.exec(seen);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`conformance mock exited ${code} before listening`)));
  });
  mock = { url, stop: () => child.kill('SIGTERM') };
  env = {
    HOME: process.env.HOME ?? scratch,
    NO_COLOR: '1',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    TARGET: url,
    CONFORMANCE_TOKEN: 'mock-token',
    CONFORMANCE_BASIC: 'api:mock-key',
  };
  for (const name of PORT_VARIABLES) env[name] = String(await freePort());
}, 30_000);

afterAll(() => {
  mock?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

test('the pages have snippets, and every block not run is one of the few listed here', () => {
  expect(SNIPPETS.filter((s) => s.page === 'README.md' && !s.skip).length).toBeGreaterThanOrEqual(3);
  // Each gets a free port: none is left on its fixed default.
  expect(PORT_VARIABLES).toEqual(expect.arrayContaining(['PROXY_PORT', 'MOCK_PORT', 'ADMIN_PORT']));
  for (const page of PAGES.filter((p) => p.startsWith('docs/tutorials/')))
    expect(
      SNIPPETS.some((s) => s.page === page && !s.skip),
      `${page} has no snippet that runs`,
    ).toBe(true);
  const skipped = SNIPPETS.filter((s) => s.skip).map((s) => ({ page: s.page, why: s.skip! }));
  expect(skipped.map((s) => `${s.page}: ${s.why}`).sort()).toEqual(
    SKIPS.map((k) => {
      const hit = skipped.find((s) => s.page === k.page && s.why.startsWith(k.why));
      return hit ? `${hit.page}: ${hit.why}` : `${k.page}: ${k.why} (listed, not found)`;
    }).sort(),
  );
});

for (const page of PAGES) {
  describe(page, () => {
    let cwd = '';
    beforeAll(() => {
      cwd = userProject(page);
    });
    const seen = new Set<string>();
    const once = SNIPPETS.filter((x) => x.page === page && !x.skip).filter((x) => {
      const words = `${x.exit} ${x.code.replace(/\\\n/g, ' ').replace(/\s+/g, ' ').trim()}`;
      if (seen.has(words)) return false;
      seen.add(words);
      return true;
    });
    for (const s of once) {
      test(`${page}:${s.line} exits ${s.exit}`, { timeout: 70_000 }, async () => {
        const path = `${join(cwd, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`;
        const ran = await runShell(s.code, cwd, { ...env, PATH: path }, 60_000);
        expect(ran.code, `${page}:${s.line}\n$ ${s.code}\n--- output (tail) ---\n${ran.out}`).toBe(s.exit);
      });
    }
  });
}
