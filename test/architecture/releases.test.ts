/**
 * The catalogue's releases (`fixtures/catalogue/releases.json`) against the catalogue: every id a release lists
 * is a check of today's catalogue, none is listed twice, the releases are in order, and the newest is
 * the tool's own version — so a check added since the last release belongs to this one, and an older
 * release's list never grows.
 */
import { expect, test } from 'vitest';
import { CATALOGUE } from '../../suites/index.js';
import { catalogueOf } from '../../src/rules/catalogue.js';
import { catalogueReleases, compareReleases, parseRequirements, sinceOf } from '../../src/gating/releases.js';
import { TOOL } from '../../src/core/tool.js';

const releases = catalogueReleases();
const ids = new Set(catalogueOf(CATALOGUE).map((c) => c.id));

test('every id a release lists is a catalogue check, listed once', () => {
  const listed = Object.values(releases).flat();
  expect(listed.filter((id) => !ids.has(id))).toEqual([]);
  expect(listed.length).toBe(new Set(listed).size);
});

test('the releases are in order and the newest is the tool version', () => {
  const names = Object.keys(releases);
  expect([...names].sort(compareReleases)).toEqual(names);
  expect(names.at(-1)).toBe(TOOL.version);
});

test('a check belongs to the first release that lists it, an unlisted one to the newest', () => {
  const [first, ...rest] = Object.entries(releases);
  expect(sinceOf(first![1][0]!)).toBe(first![0]);
  for (const [name, list] of rest) if (list.length) expect(sinceOf(list[0]!)).toBe(name);
  expect(sinceOf('no.such-check')).toBe(TOOL.version);
  expect(() => parseRequirements('9.9.9')).toThrow(/not a catalogue release/);
});
