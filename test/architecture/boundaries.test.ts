/**
 * The layering, read from the imports (ARCHITECTURE.md says why):
 * - only the composition roots (src/cli, src/index.ts, src/vitest.ts) put suites, mock and reporters
 *   together; the rest of src/ imports none of them;
 * - src/core imports nothing above it (only the data types of src/schemas/registry.ts,
 *   src/transport/types.ts and the types generated from the schemas, src/generated/types.ts);
 * - src/rules, the judgements the suites and the proxy share, is pure: it imports src/core and the
 *   schema registry's types only, and no package at run time;
 * - the suites, the mock and the reporters never import one another, nor the runner or the CLI.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { expect, test } from 'vitest';
import { packageRoot } from '../../src/core/package-root.js';

const ROOT = packageRoot();

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [rel] : [];
  });
}

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly typeOnly: boolean;
}

const EDGES: Edge[] = ['src', 'mock', 'suites', 'reporters'].flatMap((top) =>
  sources(top).flatMap((file) =>
    [
      ...readFileSync(join(ROOT, file), 'utf8').matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'(\.[^']+)'/gm),
    ].map((m) => ({
      from: file.split(sep).join('/'),
      to: normalize(join(dirname(file), m[2]!))
        .split(sep)
        .join('/'),
      typeOnly: Boolean(m[1]),
    })),
  ),
);

const under = (path: string, ...prefixes: string[]): boolean =>
  prefixes.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
const show = (e: Edge): string => `${e.from} → ${e.to}${e.typeOnly ? ' (type)' : ''}`;

test('the imports were read (the check would pass vacuously otherwise)', () => {
  expect(EDGES.length).toBeGreaterThan(300);
  expect(relative(ROOT, join(ROOT, 'src'))).toBe('src');
});

test('only the composition roots compose suites, mock and reporters', () => {
  const roots = ['src/cli', 'src/index.ts', 'src/vitest.ts'];
  const bad = EDGES.filter(
    (e) => under(e.from, 'src') && !under(e.from, ...roots) && under(e.to, 'suites', 'mock', 'reporters'),
  );
  expect(bad.map(show)).toEqual([]);
});

test('src/core imports nothing above it', () => {
  const allowed = (e: Edge): boolean =>
    under(e.to, 'src/core') ||
    (e.typeOnly && ['src/schemas/registry.js', 'src/transport/types.js', 'src/generated/types.js'].includes(e.to));
  expect(EDGES.filter((e) => under(e.from, 'src/core') && !allowed(e)).map(show)).toEqual([]);
});

test("src/rules imports only src/core and the schema registry's types, and no package at run time", () => {
  const allowed = (e: Edge): boolean =>
    under(e.to, 'src/core', 'src/rules') || (e.typeOnly && e.to === 'src/schemas/registry.js');
  const own = EDGES.filter((e) => under(e.from, 'src/rules'));
  expect(own.length).toBeGreaterThan(0);
  expect(own.filter((e) => !allowed(e)).map(show)).toEqual([]);
  const packages = sources('src/rules').flatMap((file) =>
    [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^.][^']*)'/gm)]
      .filter((m) => !m[1])
      .map((m) => `${file} → ${m[2]}`),
  );
  expect(packages).toEqual([]);
});

test('suites, mock and reporters stay apart, and none reaches into the runner or the CLI', () => {
  const areas = ['suites', 'mock', 'reporters'];
  const bad = EDGES.filter((e) => {
    const from = areas.find((a) => under(e.from, a));
    if (!from) return false;
    return (
      areas.some((a) => a !== from && under(e.to, a)) ||
      under(e.to, 'src/cli', 'src/runner', 'src/index.ts', 'src/vitest.ts')
    );
  });
  expect(bad.map(show)).toEqual([]);
});
