/**
 * Builds dist/ (the compile, then the command line's bundle) when a source file of the build is newer
 * than the last build, so tests that spawn the real `conformance` binary never run stale code (`npm
 * test` builds first; this covers `npx vitest`). Test files and the bench's results are not sources
 * of the build. The stamp is touched after a build: tsc leaves it as it was when nothing it compiles
 * changed, and a stale stamp would rebuild on every start, rewriting the bundle's chunks under any
 * binary another test run has going.
 * CTS_NO_BUILD=1 skips it, for unit tests run while other files are mid-edit.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

const ROOTS = ['app', 'src', 'mock', 'suites', 'reporters', 'scripts', 'bench', 'schemas'];
/** Not sources of the build: tests (tsconfig.build.json excludes them) and what `npm run bench` writes. */
const NOT_BUILT = (path: string): boolean => path.endsWith('.test.ts') || path === join('bench', 'results');

function newest(dir: string): number {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (NOT_BUILT(p)) continue;
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

export default function setup(): void {
  const stamp = 'dist/.tsbuildinfo';
  if (process.env.CTS_NO_BUILD === '1') return;
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  if (Math.max(...ROOTS.map(newest)) > built) {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
      stdio: 'inherit',
    });
    execFileSync(process.execPath, ['dist/scripts/bundle-cli.js'], { stdio: 'inherit' });
    const now = new Date();
    if (existsSync(stamp)) utimesSync(stamp, now, now);
  }
}
