/**
 * @module The accuracy battery, conformant variants: every variant of the mock in variants.ts is
 * judged CONFORMANT, with no MUST or SHOULD check failing or erring, by a run of the whole catalogue
 * at every seed of the battery; and every client workload (workloads.ts) driven through the judging
 * proxy in front of it, then replayed against it, gives no server-side finding. The variants are run
 * in shards (one test file each, so the e2e tier runs them side by side); each shard's table of
 * variants × run/proxy/replay is a section of docs/accuracy.md, drift-checked by its test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { RunReport } from '../../src/core/report.js';
import { startVariantServer } from '../helpers/variant-server.js';
import { BATTERY_RUNS, BATTERY_SEEDS, BATTERY_VARIANTS, isFalseFinding, runVariant } from './battery.js';
import { judgeByReplay, judgeThroughProxy, serverSideFindings } from './judge-traffic.js';
import { checkSection, markdownTable, seedRanges } from './table.js';
import { WORKLOADS } from './workloads.js';

/** The number of shards the variants are split into (the e2e files variant-battery-*.test.ts). */
export const VARIANT_SHARDS = 2;

/** Runs shard `shard` (1-based) of the battery's variants and checks its table; fails on any false finding. */
export async function variantBatteryShard(shard: number): Promise<void> {
  const mine = BATTERY_VARIANTS.filter((_, i) => i % VARIANT_SHARDS === shard - 1);
  const dir = mkdtempSync(join(tmpdir(), 'cts-accuracy-'));
  const rows: string[][] = [];
  const falseFindings: string[] = [];
  try {
    for (const { variant: v, level, departsFrom } of mine) {
      const wrongAt: number[] = [];
      for (const seed of BATTERY_SEEDS) {
        const verdict = await runVariant(v, seed, level);
        if (!isFalseFinding(verdict, departsFrom)) continue;
        wrongAt.push(seed);
        falseFindings.push(`${v.id} by run at seed ${seed}: ${verdict.word}; ${verdict.gatingFindings.join('; ')}`);
      }
      const server = await startVariantServer(v.variant, v.mock);
      let proxied = 0;
      let replayed = 0;
      try {
        // What the user configures for such a server, the proxy and the replay are told too.
        const options = {
          ...(v.target?.listParams ? { listParams: v.target.listParams } : {}),
          ...(v.target?.priorityScheduling ? { priorityScheduling: true } : {}),
        };
        const found = (r: RunReport) => serverSideFindings(r, level);
        for (const w of WORKLOADS) {
          const { report, recording } = await judgeThroughProxy(server.url, w, dir, options);
          const byProxy = found(report);
          const byReplay = found(await judgeByReplay(recording, server.url, options));
          proxied += byProxy.length;
          replayed += byReplay.length;
          for (const f of byProxy) falseFindings.push(`${v.id} by proxy (${w.id}): ${f}`);
          for (const f of byReplay) falseFindings.push(`${v.id} by replay (${w.id}): ${f}`);
        }
      } finally {
        await server.close();
      }
      const verdict = wrongAt.length
        ? `**not conformant at ${seedRanges(wrongAt)}**`
        : `conformant at ${seedRanges(BATTERY_SEEDS)}${level === 'must' ? ` (level must; departs from ${departsFrom}*)` : ''}`;
      rows.push([`\`${v.id}\``, v.description, verdict, String(proxied), String(replayed)]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const table = [
    `Shard ${shard} of ${VARIANT_SHARDS}: ${mine.length} of the ${BATTERY_VARIANTS.length} conformant variants, each run with the whole catalogue at level should (at level must for the ${mine.filter((b) => b.level === 'must').length} that depart from a SHOULD convention, whose other checks must all pass) at ${BATTERY_SEEDS.length} seeds (${seedRanges(BATTERY_SEEDS)}), --runs ${BATTERY_RUNS}, and judged by the proxy and the replay under ${WORKLOADS.length} client workloads (${WORKLOADS.map((w) => `\`${w.id}\``).join(', ')}): ${falseFindings.length} false findings.`,
    '',
    markdownTable(
      ['variant', 'how it differs', 'run', 'proxy: server-side findings', 'replay: server-side findings'],
      rows,
    ),
  ].join('\n');
  expect.soft(falseFindings, 'false findings on conformant variants').toEqual([]);
  expect(checkSection(`variants-${shard}`, table)).toBe('');
}
