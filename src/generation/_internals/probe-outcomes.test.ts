import { expect, test, vi } from 'vitest';
import { probeOutcome, useProbeOutcomes } from './probe-outcomes.js';

/** The generators with fresh module state: no catalogue cached, no outcomes table read. */
async function freshGenerators() {
  vi.resetModules();
  const negative = await import('../negative-cases.js');
  const outcomes = await import('./probe-outcomes.js');
  return { ...negative, ...outcomes };
}

const SCHEMA = 'training/training-job-create-request';
const OPTIONS = { strictness: 'reject' as const, maxSiteDepth: 2 };

test('recorded outcomes, taken instead of probing, give the same catalogue and the same cases', async () => {
  const first = await freshGenerators();
  const recording = first.recordProbeOutcomes();
  const probed = first.mutationCatalogue(SCHEMA, OPTIONS);
  const probedCases = first.negativeCaseList(SCHEMA, 3, OPTIONS);
  const table = recording.stop();
  expect(probed.length).toBeGreaterThan(5);
  expect(table.kept).toHaveLength(probed.length);
  expect(table.dropped).toEqual([]);

  const second = await freshGenerators();
  second.useProbeOutcomes(table);
  expect(second.mutationCatalogue(SCHEMA, OPTIONS)).toEqual(probed);
  expect(second.negativeCaseList(SCHEMA, 3, OPTIONS)).toEqual(probedCases);
});

test('a template the table says yields nothing is left out without a probe', async () => {
  const first = await freshGenerators();
  const recording = first.recordProbeOutcomes();
  const probed = first.mutationCatalogue(SCHEMA, OPTIONS);
  const table = recording.stop();

  const second = await freshGenerators();
  second.useProbeOutcomes({ kept: table.kept.slice(1), dropped: table.kept.slice(0, 1) });
  expect(second.mutationCatalogue(SCHEMA, OPTIONS)).toEqual(probed.slice(1));
});

test('outcomes of other options or another schema are not taken: those templates are probed', async () => {
  const deeper = { ...OPTIONS, maxSiteDepth: 3 };
  const changed = { type: 'object', properties: { n: { type: 'integer', maximum: 4 } }, required: ['n'] };
  const first = await freshGenerators();
  const expected = [first.mutationCatalogue(SCHEMA, deeper), first.mutationCatalogue(changed, OPTIONS)];
  const recording = first.recordProbeOutcomes();
  first.mutationCatalogue(SCHEMA, OPTIONS);
  first.mutationCatalogue({ ...changed, properties: { n: { type: 'integer', maximum: 5 } } }, OPTIONS);
  const table = recording.stop();

  // Every recorded template claimed to yield nothing: a catalogue that took any of those would shrink.
  const second = await freshGenerators();
  second.useProbeOutcomes({ kept: [], dropped: table.kept });
  expect([second.mutationCatalogue(SCHEMA, deeper), second.mutationCatalogue(changed, OPTIONS)]).toEqual(expected);
});

test('without a table beside the module (a run from the compiled sources), every template is probed', async () => {
  let probes = 0;
  const probe = () => {
    probes++;
    return true;
  };
  let keys = 0;
  const key = (k: string) => () => {
    keys++;
    return k;
  };
  // No table and no recording: the probe answers, and no key is made.
  expect(probeOutcome(key('not-in-any-table'), probe)).toBe(true);
  expect(keys).toBe(0);
  useProbeOutcomes({ kept: [], dropped: ['in-the-table'] });
  expect(probeOutcome(key('in-the-table'), probe)).toBe(false);
  expect(probes).toBe(1);
  expect(keys).toBe(1);
  useProbeOutcomes(undefined);
  expect(probeOutcome(() => 'in-the-table', probe)).toBe(true);
  expect(probes).toBe(2);
});
