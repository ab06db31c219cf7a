/**
 * Builds dist/ (the compile, then the command line's bundle) when a source file is newer than the last
 * build, so tests that spawn the real `conformance` binary never run stale code (`npm test` builds
 * first; this covers `npx vitest`).
 * CTS_NO_BUILD=1 skips it, for unit tests run while other files are mid-edit.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOTS = ['app', 'src', 'mock', 'suites', 'reporters', 'scripts', 'bench', 'schemas'];

function newest(dir: string): number {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
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
  }
}
