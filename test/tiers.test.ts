/**
 * The tiers of vitest.config.ts stay what they say: a unit test starts no process (the
 * binary, a shell, a browser) and mocks no module (the unit tier shares one module graph); every file
 * named as e2e exists, so a rename cannot slip a slow test into `npm test` unseen.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { BATTERY_FILES, E2E_DIRS, E2E_FILES } from '../vitest.config.js';

const ROOT = join(import.meta.dirname, '..');
const ROOTS = ['app', 'src', 'mock', 'suites', 'reporters', 'test', 'scripts'];

/** A unit test that runs a program, by what it may not do. */
const STARTS_A_PROCESS = /node:child_process|\brunCli\(|\bstartProxyCli\(|\bstartCliMock\(|bin\/conformance/;
const MOCKS_A_MODULE = /\bvi\.(?:mock|doMock)\(/;

/**
 * Unit tests allowed to start a program, and why. src/transport/curl.test.ts has bash read back the
 * quoting of a curl line: the shell is the judge of a pure function's output, in milliseconds.
 */
const MAY_START_A_PROCESS = new Set(['src/transport/curl.test.ts']);

function testFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(p);
    return e.name.endsWith('.test.ts') ? [relative(ROOT, p)] : [];
  });
}

const isE2e = (file: string): boolean =>
  E2E_FILES.includes(file) || BATTERY_FILES.includes(file) || E2E_DIRS.some((d) => file.startsWith(`${d}/`));
// This file names what it looks for, so it does not read itself.
const unitFiles = ROOTS.flatMap((r) => testFiles(join(ROOT, r))).filter((f) => !isE2e(f) && f !== 'test/tiers.test.ts');

test('no unit test starts a process or mocks a module', () => {
  expect(unitFiles.length).toBeGreaterThan(100);
  const offenders = unitFiles.flatMap((f) => {
    const text = readFileSync(join(ROOT, f), 'utf8');
    return [
      ...(STARTS_A_PROCESS.test(text) && !MAY_START_A_PROCESS.has(f) ? [`${f} starts a process`] : []),
      ...(MOCKS_A_MODULE.test(text) ? [`${f} mocks a module`] : []),
    ];
  });
  expect(offenders, 'move them to e2e (vitest.config.ts), or test the function they run').toEqual([]);
});

test('every folder and file named as e2e exists', () => {
  for (const path of [...E2E_DIRS, ...E2E_FILES, ...BATTERY_FILES])
    expect(existsSync(join(ROOT, path)), path).toBe(true);
});
