/**
 * The accuracy battery, faults (e2e tier): every planted fault of the mock (mock/faults) that claims
 * to break a check is judged NOT CONFORMANT at every seed of the battery (a fault that breaks only
 * observations: reported at every seed), by a run of the checks it breaks with their operations'
 * roots; and each client workload (workloads.ts) is driven through the judging proxy in front of it,
 * the table naming the workloads whose traffic shows it (a server-side finding). The table of faults
 * × seeds and workloads is docs/accuracy.md's "faults" section, drift-checked here: a fault a run or
 * a workload stops finding changes it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { BATTERY_FAULTS, BATTERY_RUNS, BATTERY_SEEDS, faultLevel, HOLE_FAULTS, isCaught, runFault } from './battery.js';
import { judgeThroughProxy, serverSideFindings } from './judge-traffic.js';
import { checkSection, markdownTable, seedRanges } from './table.js';
import { WORKLOADS } from './workloads.js';

/** The workloads whose traffic through the proxy shows `fault` (a server-side finding). */
async function shownBy(fault: string, dir: string): Promise<string[]> {
  const mock = await startMockServer({ port: 0, faults: [fault] });
  try {
    const out: string[] = [];
    for (const w of WORKLOADS) {
      const { report } = await judgeThroughProxy(mock.url, w, dir);
      if (serverSideFindings(report).length > 0) out.push(w.id);
    }
    return out;
  } finally {
    await mock.close();
  }
}

test('every planted fault is caught at every seed of the battery', { timeout: 1_800_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cts-accuracy-faults-'));
  const rows: string[][] = [];
  const missed: string[] = [];
  let proxied = 0;
  try {
    for (const fault of BATTERY_FAULTS) {
      const caught: number[] = [];
      const lost: number[] = [];
      for (const seed of BATTERY_SEEDS) {
        const v = await runFault(fault, seed);
        (isCaught(fault, v) ? caught : lost).push(seed);
      }
      if (lost.length) missed.push(`${fault.id}: missed at seeds ${seedRanges(lost)}`);
      const workloads = await shownBy(fault.id, dir);
      if (workloads.length) proxied++;
      rows.push([
        `\`${fault.id}\``,
        faultLevel(fault),
        caught.length ? seedRanges(caught) : 'none',
        lost.length ? `**${seedRanges(lost)}**` : '',
        workloads.join(', '),
      ]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const table = [
    `${BATTERY_FAULTS.length} planted faults, each run at ${BATTERY_SEEDS.length} seeds (${seedRanges(BATTERY_SEEDS)}), --runs ${BATTERY_RUNS}: ${missed.length} missed at some seed. ${proxied} of them are shown by the traffic of at least one of the ${WORKLOADS.length} client workloads through the judging proxy. ${HOLE_FAULTS.length} more faults plant only a coverage hole (no check fails on them) and are not verdicts: ${HOLE_FAULTS.map((f) => `\`${f.id}\``).join(', ')}.`,
    '',
    markdownTable(['fault', 'level', 'caught at seeds', 'missed at seeds', 'found by the proxy under'], rows),
  ].join('\n');
  expect.soft(missed, 'faults missed at some seed').toEqual([]);
  expect(checkSection('faults', table)).toBe('');
});
