/**
 * The layering, read from the imports, static and dynamic, tests included (ARCHITECTURE.md says why):
 * - the layers of src/ import only the layers below them, in the order of ARCHITECTURE.md's
 *   picture; src/core's one exception is the data types of src/schemas/registry.ts and
 *   src/transport/types.ts (type-only);
 * - only the composition root (app/: the CLI, the public entry points, the vitest integration) puts
 *   suites, mock and reporters together; src/, its tests too, imports none of them, nor app/;
 * - src/core imports nothing above it (only the data types of src/schemas/registry.ts,
 *   src/transport/types.ts and the types generated from the schemas, src/generated/types.ts);
 * - src/rules, the judgements the suites and the proxy share, is pure: it imports src/core and the
 *   schema registry's types only, and no package at run time (its tests may load the registry);
 * - the suites, the mock and the reporters never import one another, nor the runner or the CLI
 *   (their tests aside: a suite's tests run its checks against the mock, and the mock's tests read
 *   the catalogue to prove each planted fault names a check).
 * No import cycle anywhere is the other half of the picture: cycles.test.ts.
 */
import { expect, test } from 'vitest';
import { type Edge, importGraph, isTest } from './import-graph.js';

const EDGES: Edge[] = importGraph(['app', 'src', 'mock', 'suites', 'reporters']);
const LOCAL = EDGES.filter((e) => !e.external);

const under = (path: string, ...prefixes: string[]): boolean =>
  prefixes.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
const show = (e: Edge): string => `${e.from} → ${e.to}${e.typeOnly ? ' (type)' : ''}`;

/** ARCHITECTURE.md's layers of src/, lowest first; the composition root (app/) stands above them all. */
const LAYERS = [
  'src/generated',
  'src/core',
  'src/schemas',
  'src/rules',
  'src/transport',
  'src/generation',
  'src/kit',
  'src/coverage',
  'src/timing',
  'src/runner',
  'src/gating',
  'src/proxy',
  'src/replay',
  'src/merge',
];
const ROOT = 'app';
/** What src/core may know of the layers above it: the shapes of the data it describes. */
const CORE_DATA_TYPES = ['src/schemas/registry.ts', 'src/transport/types.ts', 'src/generated/types.ts'];

test('the imports were read, dynamic and test files included (the checks would pass vacuously otherwise)', () => {
  expect(LOCAL.length).toBeGreaterThan(1000);
  expect(LOCAL.filter((e) => isTest(e.from)).length).toBeGreaterThan(200);
  expect(LOCAL).toContainEqual({
    from: 'app/cli/main.ts',
    to: 'app/cli/run-command.ts',
    external: false,
    typeOnly: false,
  });
  expect(LOCAL).toContainEqual({
    from: 'reporters/registry.ts',
    to: 'reporters/junit.ts',
    external: false,
    typeOnly: false,
  });
  for (const e of LOCAL) expect(e.to, show(e)).toMatch(/\.(?:m?ts|m?js|json)$/);
});

test('every folder of src/ is a layer of the picture; src/ holds no file outside them', () => {
  const places = new Set(LOCAL.filter((e) => under(e.from, 'src')).map((e) => e.from.split('/').slice(0, 2).join('/')));
  expect([...places].filter((f) => !LAYERS.includes(f))).toEqual([]);
});

test('the layers of src/ import only the layers below them', () => {
  const rank = (path: string): number => LAYERS.findIndex((layer) => under(path, layer));
  const upward = LOCAL.filter((e) => {
    const from = rank(e.from);
    if (from < 0) return false;
    if (under(e.from, 'src/core') && e.typeOnly && CORE_DATA_TYPES.includes(e.to)) return false;
    return rank(e.to) > from || under(e.to, ROOT);
  });
  expect(upward.map(show)).toEqual([]);
});

test('only the composition root composes suites, mock and reporters; src/ imports none of them, nor app/', () => {
  expect(LOCAL.filter((e) => under(e.from, 'app')).length).toBeGreaterThan(50);
  const crossing = LOCAL.filter((e) => under(e.from, 'src') && under(e.to, 'suites', 'mock', 'reporters', ROOT));
  expect(crossing.map(show)).toEqual([]);
});

test('src/core imports nothing above it', () => {
  const allowed = (e: Edge): boolean => under(e.to, 'src/core') || (e.typeOnly && CORE_DATA_TYPES.includes(e.to));
  expect(LOCAL.filter((e) => under(e.from, 'src/core') && !allowed(e)).map(show)).toEqual([]);
});

test("src/rules imports only src/core and the schema registry's types, and no package at run time", () => {
  const own = EDGES.filter((e) => under(e.from, 'src/rules') && !isTest(e.from));
  expect(own.length).toBeGreaterThan(0);
  const allowed = (e: Edge): boolean =>
    e.external
      ? e.typeOnly
      : under(e.to, 'src/core', 'src/rules') || (e.typeOnly && e.to === 'src/schemas/registry.ts');
  expect(own.filter((e) => !allowed(e)).map(show)).toEqual([]);
});

test('suites, mock and reporters stay apart, and none reaches into the runner or the CLI', () => {
  const areas = ['suites', 'mock', 'reporters'];
  const bad = LOCAL.filter((e) => {
    const from = areas.find((a) => under(e.from, a));
    if (!from) return false;
    return (!isTest(e.from) && areas.some((a) => a !== from && under(e.to, a))) || under(e.to, 'src/runner', ROOT);
  });
  expect(bad.map(show)).toEqual([]);
});
