/**
 * One verdict: a report's `conformant` is written only where the verdict is computed
 * (src/core/verdict-of-report.ts, and the summary built from it in src/core/summary.ts). A step that
 * patched `conformant` on its own (`{ ...summary, conformant: false }`, `conformant && met`) is how
 * `--expect` came to drop the could-not-judge veto of an unreachable target: this test reads the
 * sources and fails on such a patch. Comments are not read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { expect, test } from 'vitest';
import { packageRoot } from '../../src/core/package-root.js';

const ROOT = packageRoot();
const FOLDERS = ['src', 'app', 'reporters'];
const VERDICT = ['src/core/summary.ts', 'src/core/verdict-of-report.ts'];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = join(dir, e.name);
    if (e.isDirectory()) return rel === join('src', 'generated') ? [] : sources(rel);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [rel.split(sep).join('/')] : [];
  });
}

/** The code of a file without its comments (block comments, and lines that are only a comment). */
function code(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

/**
 * Where a file writes a verdict of its own: `conformant: <value>` other than a type (`boolean`), a
 * number (the exit codes' table) or a plain read of a summary's `conformant`; or `conformant =`.
 */
function writesIn(file: string): string[] {
  const text = code(file);
  const found: string[] = [];
  for (const m of text.matchAll(/\bconformant\??\s*:\s*([^,;\n}]+)/g)) {
    const value = m[1]!.trim();
    if (/^boolean$|^\d+$|^[\w.?]*\bsummary\.conformant$/.test(value)) continue;
    found.push(`${file}: conformant: ${value}`);
  }
  for (const m of text.matchAll(/\.conformant\s*=(?!=)/g)) found.push(`${file}: ${m[0]}`);
  // A report's summary is built by src/core/summary.ts, never patched in place.
  for (const m of text.matchAll(/\bsummary\s*:\s*(?:\{|[^,\n]*\?\s*\{)/g)) found.push(`${file}: ${m[0]}`);
  return found;
}

test('the sources were read (the check would pass vacuously otherwise)', () => {
  const files = FOLDERS.flatMap(sources);
  expect(files.length).toBeGreaterThan(150);
  expect(files).toEqual(expect.arrayContaining([...VERDICT, 'src/merge/merge.ts', 'src/proxy/report.ts']));
  // The patterns find what they are for.
  expect(writesIn('src/core/summary.ts').length).toBeGreaterThan(0);
});

test('only the verdict module and the summary write `conformant`', () => {
  const outside = FOLDERS.flatMap(sources)
    .filter((f) => !VERDICT.includes(f))
    .flatMap(writesIn);
  expect(outside).toEqual([]);
});

test('the run, the proxy and replay, the merge and the gates build their summaries with the one function', () => {
  const builders = [
    'src/runner/assemble-report.ts',
    'src/proxy/report.ts',
    'src/merge/merge.ts',
    'src/timing/report-timing.ts',
    'src/gating/baseline.ts',
    'src/gating/coverage-gate.ts',
  ];
  for (const file of builders)
    expect(code(file), file).toMatch(
      /import \{[^}]*\b(?:summaryOf|resummarized)\b[^}]*\} from '\.\.\/core\/summary\.js'/,
    );
  // The verdict words and exit codes read the verdict module, never the summary's copy of it.
  const words = code('src/gating/verdict.ts');
  expect(words).toContain('verdictOfReport(');
  expect(words).not.toMatch(/summary\.conformant/);
});
