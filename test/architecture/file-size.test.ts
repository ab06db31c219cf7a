/** One concept per file: no source file outside the generated ones is over 450 lines. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { expect, test } from 'vitest';
import { packageRoot } from '../../src/core/package-root.js';

const ROOT = packageRoot();
const MAX_LINES = 450;
const FOLDERS = ['app', 'src', 'suites', 'mock', 'reporters', 'scripts', 'bench', 'test'];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = join(dir, e.name);
    if (e.isDirectory()) return rel === join('src', 'generated') || e.name === 'node_modules' ? [] : sources(rel);
    return /\.(?:ts|js|mjs)$/.test(e.name) ? [rel.split(sep).join('/')] : [];
  });
}

test(`no source file is over ${MAX_LINES} lines`, () => {
  const files = FOLDERS.flatMap(sources);
  expect(files.length).toBeGreaterThan(300);
  const long = files
    .map((f) => ({ f, lines: readFileSync(join(ROOT, f), 'utf8').split('\n').length - 1 }))
    .filter((x) => x.lines > MAX_LINES)
    .map((x) => `${x.f}: ${x.lines} lines`);
  expect(long).toEqual([]);
});
