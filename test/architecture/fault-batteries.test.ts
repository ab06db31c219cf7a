/**
 * Every area of the catalogue runs its fault battery, and every planted fault is run by one: the
 * battery of a suite folder (`faultBattery(name, checks)` in `suites/<folder>/*.test.ts`, with the
 * checks its index exports) runs each of those checks against every fault that lists it in `breaks`
 * (test/helpers/fault-battery.ts). Read from the sources, so a battery dropped, or given a part of
 * its area, fails here without running one; and from the faults, so a fault whose checks no battery
 * runs fails too. A fault's id starts with its area (`<suite folder>.<what breaks>`), whose battery
 * plants it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { FAULTS } from '../../mock/faults/index.js';
import { catalogueAreas } from '../../scripts/catalogue-areas.js';
import { packageRoot } from '../../src/core/package-root.js';
import { CATALOGUE } from '../../suites/index.js';

/** Faults named for one area that break only another area's checks, and the area whose battery plants them. Only shrinks. */
const PLANTED_ELSEWHERE: Record<string, string> = {
  'load.fixed-usage': 'chat-completions',
  'streaming.logprobs-tokens-unrelated-streamed': 'chat-completions',
};

/** Faults that break no check (a coverage hole, not a failure), and the test that runs them instead. */
const NO_BATTERY: Record<string, string> = {
  'records.records-without-ids': 'test/coverage/run-coverage.test.ts',
};

const root = packageRoot();
const areas = await catalogueAreas(root);
const folders = new Set(areas.map((a) => a.folder));

/** The exports of `./index.js` that the battery tests of one suite folder hand to `faultBattery` whole. */
function batteryExports(folder: string): string[] {
  const dir = join(root, 'suites', folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .flatMap((f) => {
      const source = readFileSync(join(dir, f), 'utf8');
      const imported = new Map<string, string>();
      for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'\.\/index\.js'/g))
        for (const name of m[1]!
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [exported, local = exported] = name.split(/\s+as\s+/);
          imported.set(local!, exported!);
        }
      return [...source.matchAll(/\bfaultBattery\(\s*'[^']*'\s*,\s*([\w$]+)\s*[,)]/g)].flatMap((m) => {
        const exported = imported.get(m[1]!);
        return exported ? [exported] : [];
      });
    });
}

const withBattery = areas.filter((a) => batteryExports(a.folder).includes(a.exportName));
const areaOf = new Map(areas.flatMap((a) => a.checks.map((c) => [c.id, a.folder] as const)));
/** The areas whose batteries plant a fault: those with a battery that own a check it breaks. */
const plantedBy = (breaks: readonly string[]): Set<string> =>
  new Set(
    breaks
      .map((id) => areaOf.get(id))
      .filter((a): a is string => a !== undefined && withBattery.some((b) => b.folder === a)),
  );
const prefixOf = (faultId: string): string => faultId.split('.')[0]!;

test('the areas, their checks and the faults were read (the checks below would pass vacuously otherwise)', () => {
  expect(areas.length).toBeGreaterThanOrEqual(9);
  expect([...areaOf.keys()].sort()).toEqual(CATALOGUE.map((c) => c.id).sort());
  expect(FAULTS.length).toBeGreaterThan(100);
  expect(batteryExports('errors')).toEqual(['errorChecks']);
});

test('every area of the catalogue runs its fault battery over all its checks', () => {
  const without = areas.filter((a) => !withBattery.includes(a));
  expect(
    without.map((a) => `suites/${a.folder}: no test calls faultBattery(…, ${a.exportName}) from './index.js'`),
  ).toEqual([]);
});

test("every fault's id starts with its area: a suite folder of the catalogue", () => {
  expect(FAULTS.filter((f) => !folders.has(prefixOf(f.id))).map((f) => f.id)).toEqual([]);
});

test("every area's faults are planted by its own battery", () => {
  const unplanted = FAULTS.flatMap((f) => {
    if (f.id in NO_BATTERY) return [];
    const expected = PLANTED_ELSEWHERE[f.id] ?? prefixOf(f.id);
    return plantedBy(f.breaks).has(expected) ? [] : [`${expected}: ${f.id} (breaks ${f.breaks.join(', ')})`];
  });
  expect(unplanted).toEqual([]);
});

test('a fault listed as planted elsewhere still is (the list only shrinks)', () => {
  for (const [id, area] of Object.entries(PLANTED_ELSEWHERE)) {
    const fault = FAULTS.find((f) => f.id === id);
    expect(fault, `${id} is no fault: drop it from PLANTED_ELSEWHERE`).toBeDefined();
    expect(plantedBy(fault!.breaks).has(prefixOf(id)), `${id} is planted by its own area now`).toBe(false);
    expect([...plantedBy(fault!.breaks)]).toContain(area);
  }
});

test("every fault is planted by some area's battery, or breaks no check and is run by the test named", () => {
  const orphans = FAULTS.filter((f) => !(f.id in NO_BATTERY) && plantedBy(f.breaks).size === 0);
  expect(orphans.map((f) => `${f.id} (breaks ${f.breaks.join(', ') || 'nothing'})`)).toEqual([]);
  for (const [id, file] of Object.entries(NO_BATTERY)) {
    expect(FAULTS.find((f) => f.id === id)?.breaks, id).toEqual([]);
    expect(readFileSync(join(root, file), 'utf8'), file).toContain(`'${id}'`);
  }
});
