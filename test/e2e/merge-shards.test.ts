/**
 * `conformance merge`, the real binary, over the three shards of a strict run against the bundled
 * mock: the merged report is the unsharded run at the same seed (the same checks with the same
 * statuses, coverage 100%, every format written), though each shard alone fails --min-coverage 100;
 * a shard missing, a shard of another seed and a report of another version are exit 2 with the reason.
 */
import { TOOL } from '../../src/core/tool.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import type { RunReport } from '../../src/core/report.js';
import { scratchDir } from '../field/infra.js';
import { type CliRun, readXml, runCli } from '../hostile/report-files.js';

const dir = scratchDir('merge-shards');
const at = (name: string): string => join(dir, name);
const STRICT = ['run', '--level', 'should', '--seed', '11', '--min-coverage', '100', '-q'];
const LIMIT = { limitMs: 90_000 };

const reportsOf = (name: string): RunReport[] =>
  (JSON.parse(readFileSync(at(name), 'utf8')) as { reports: RunReport[] }).reports;

let shards: CliRun[];
let whole: CliRun;

beforeAll(async () => {
  // Two at a time: the machine has two cores.
  const shard = (k: number) => runCli([...STRICT, '--shard', `${k}/3`, '--json', at(`shard-${k}.json`)], LIMIT);
  const [one, two] = await Promise.all([shard(1), shard(2)]);
  const [three, all] = await Promise.all([
    shard(3),
    runCli([...STRICT, '--json', at('whole.json'), '--junit', at('whole.xml')], LIMIT),
  ]);
  shards = [one!, two!, three!];
  whole = all!;
}, 180_000);

test('three shards of a strict run merge into the unsharded run: same checks, same statuses, coverage 100%', async () => {
  expect(whole.code, whole.stderr).toBe(0);
  // Each shard exercises a part of the model: alone, each is below --min-coverage 100.
  for (const s of shards) expect(s.code, s.stderr).toBe(1);
  const merged = await runCli(
    [
      'merge',
      ...[1, 2, 3].map((k) => at(`shard-${k}.json`)),
      '--json',
      at('merged.json'),
      '--junit',
      at('merged.xml'),
      '--markdown',
      at('merged.md'),
      '--html',
      at('merged.html'),
    ],
    LIMIT,
  );
  expect(merged.code, merged.stderr).toBe(0);
  const [m] = reportsOf('merged.json') as [RunReport];
  const [w] = reportsOf('whole.json') as [RunReport];
  expect(m.results.map((r) => `${r.id} ${r.status}`)).toEqual(w.results.map((r) => `${r.id} ${r.status}`));
  expect(m.results.length).toBeGreaterThan(150);
  expect(m.coverage?.percent).toBe(100);
  expect(m.coverage).toMatchObject({ covered: w.coverage?.covered, total: w.coverage?.total, holes: [] });
  expect(m.summary).toEqual(w.summary);
  expect(m.summary.minCoverage).toEqual({ required: 100, met: true });
  expect(m.origin).toMatchObject({ kind: 'run', catalogue: w.origin?.catalogue, mergedFrom: 3 });
  expect(m.seed).toBe(11);
  // The JUnit report of the merge counts what the unsharded run's counts.
  expect(readXml(readFileSync(at('merged.xml'), 'utf8'))).toEqual(readXml(readFileSync(at('whole.xml'), 'utf8')));
  expect(readFileSync(at('merged.md'), 'utf8')).toContain('CONFORMANT at level should, coverage 100%');
  expect(readFileSync(at('merged.html'), 'utf8')).toContain('<html');
});

test('a shard missing, a shard of another seed, a report of another version: exit 2 with the reason', async () => {
  const missing = await runCli(['merge', at('shard-1.json'), at('shard-3.json')], LIMIT);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('shard 2/3 missing');
  expect(missing.stderr).toContain('[CTS_MERGE_REFUSED]');

  const other = await runCli(
    [...STRICT.map((a) => (a === '11' ? '12' : a)), '--shard', '2/3', '--json', at('seed-12.json')],
    LIMIT,
  );
  expect(other.code, other.stderr).toBe(1);
  const seeds = await runCli(['merge', at('shard-1.json'), at('seed-12.json'), at('shard-3.json')], LIMIT);
  expect(seeds.code).toBe(2);
  expect(seeds.stderr).toBe(
    `conformance: seed differs: ${at('shard-1.json')} has 11, ${at('seed-12.json')} has 12: give every shard the same --seed (a run without one draws its own) [CTS_MERGE_REFUSED]\n`,
  );

  const doc = JSON.parse(readFileSync(at('shard-2.json'), 'utf8')) as { reports: { tool: { version: string } }[] };
  doc.reports[0]!.tool.version = '0.0.9';
  writeFileSync(at('older.json'), JSON.stringify(doc));
  const versions = await runCli(['merge', at('shard-1.json'), at('older.json'), at('shard-3.json')], LIMIT);
  expect(versions.code).toBe(2);
  expect(versions.stderr).toContain(
    `tool version differs: ${at('shard-1.json')} has ${TOOL.version}, ${at('older.json')} has 0.0.9`,
  );

  writeFileSync(at('cut.json'), '{"schemaVersion": "1.4", "rep');
  const cut = await runCli(['merge', at('shard-1.json'), at('cut.json')], LIMIT);
  expect(cut.code).toBe(2);
  expect(cut.stderr).toMatch(/^conformance: .*cut\.json: not valid JSON .*\[CTS_BAD_REPORT\]\n$/);
});
