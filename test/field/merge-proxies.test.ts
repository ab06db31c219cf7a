/**
 * Many proxies, one verdict: two or three `conformance proxy` binaries behind Debian's nginx (an
 * `upstream` round-robin), one client workload through nginx, their JSON reports merged by `conformance
 * merge`: the merged report is what one proxy reports for the same workload (the same rules with the
 * same statuses and exchange counts, the same coverage holes, the same exit code). The mock answers
 * JSON labelled text/plain (a planted fault), so rules are broken on every proxy and the counts summed.
 *
 * The rules judged on a pair of exchanges (a record listed then read, a job created then read, two
 * listings) included, their counts too: round-robin sends the two halves of a pair to different
 * proxies, and the merge judges them on the halves each proxy's report carries, each exchange once.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import type { RunReport } from '../../src/core/report.js';
import { OPERATIONS } from '../../src/core/operations.js';
import { PAIR_RULES } from '../../src/rules/pair-rules.js';
import { appliesTo, checkIdOf } from '../../src/rules/rule.js';
import { runCli } from '../hostile/report-files.js';
import { type RunningCli, sdk, startProxyCli } from '../proxy/helpers.js';
import { workload } from '../proxy/workload.js';
import { missing, proxyPass, type Running, scratchDir, startNginx } from './infra.js';

const skip = missing('nginx');
const out = scratchDir('merge-proxies');
const FAULT = 'acceptance.json-labelled-text-plain';
const stops: (() => Promise<unknown>)[] = [];

/** The check ids of the rules judged on more than one exchange (src/rules/pair-rules.ts) that the workload shows. */
const PAIRED: ReadonlySet<string> = new Set(
  [
    PAIR_RULES.jobRead,
    PAIR_RULES.readBack,
    PAIR_RULES.oneUriScheme,
    PAIR_RULES.stableOrder,
    PAIR_RULES.offsetSkips,
    PAIR_RULES.filterComplete,
  ].flatMap((r) => OPERATIONS.filter((o) => appliesTo(r, o.id)).map((o) => checkIdOf(r, o.id))),
);
const isPairRule = (id: string): boolean => PAIRED.has(id);

afterAll(async () => {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
});

/** A fresh faulty mock, the same on every call (seeded), and `count` proxies in front of it writing `<name>-K.json`. */
async function proxiesInFront(name: string, count: number): Promise<{ proxies: RunningCli[]; files: string[] }> {
  const mock = await startMockServer({ host: '127.0.0.1', port: 0, faults: [FAULT], seed: 7 });
  stops.push(() => mock.close());
  const files = Array.from({ length: count }, (_, i) => join(out, `${name}-${i + 1}.json`));
  const proxies = await Promise.all(
    files.map((json) => startProxyCli(['--target', mock.url, '--level', 'should', '--json', json], {}, 60_000)),
  );
  for (const p of proxies) stops.push(async () => p.child.kill('SIGKILL'));
  return { proxies, files };
}

/** Stops the proxies (SIGTERM: they write their reports) and returns their exit codes. */
async function stop(proxies: readonly RunningCli[]): Promise<(number | null)[]> {
  for (const p of proxies) p.child.kill('SIGTERM');
  return (await Promise.all(proxies.map((p) => p.exited))).map((e) => e.code);
}

const reportsOf = (file: string): RunReport[] =>
  (JSON.parse(readFileSync(file, 'utf8')) as { reports: RunReport[] }).reports;

/**
 * What one proxy's judgement is made of: per result, its status and exchange counts; the coverage
 * holes. A pair rule's counts too: the merge folds every proxy's halves again and counts each exchange
 * once, as the one proxy that saw them all did, however the balancer split a key's exchanges.
 */
function judgement(report: RunReport, only: (id: string) => boolean = () => true) {
  return {
    results: report.results
      .filter((r) => only(r.id))
      .map((r) => ({
        id: r.id,
        status: r.status,
        judged: r.exchanges?.judged,
        broken: r.exchanges?.broken,
        unanswered: r.exchanges?.unanswered,
      })),
    holes: report.coverage?.holes.map((h) => h.id),
  };
}

/** One proxy's reports of the workload, made once for both tests. */
let alone: Promise<{ file: string; code: number | null }> | undefined;
function aloneReport(): Promise<{ file: string; code: number | null }> {
  alone ??= (async () => {
    const one = await proxiesInFront('alone', 1);
    await workload(sdk(one.proxies[0]!.url), one.proxies[0]!.url);
    const [code] = await stop(one.proxies);
    return { file: one.files[0]!, code: code! };
  })();
  return alone;
}

test.skipIf(skip).each([3, 2])(
  '%i proxies behind nginx round-robin, merged, report what one proxy reports for the same traffic, pairs split by the balancer included',
  async (count) => {
    const split = await proxiesInFront(`behind-nginx-${count}`, count);
    const front: Running = await startNginx(
      (port) => `upstream proxies {
    ${split.proxies.map((p) => `server ${new URL(p.url).host};`).join('\n    ')}
  }
  server {
    listen 127.0.0.1:${port};
    location / { ${proxyPass('http://proxies')} }
  }`,
    );
    stops.push(() => front.stop());
    const base = `http://127.0.0.1:${front.port}`;
    await workload(sdk(base), base);
    const codes = await stop(split.proxies);

    const { file: aloneFile, code: aloneCode } = await aloneReport();

    // Round-robin indeed: every proxy judged a share of the traffic.
    for (const file of split.files) {
      const [server] = reportsOf(file);
      const judged = server!.results.reduce((n, r) => n + (r.exchanges?.judged ?? 0), 0);
      expect(judged, file).toBeGreaterThan(0);
    }
    const lines = front.log().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(20);

    const merged = join(out, `merged-${count}.json`);
    const merge = await runCli(['merge', ...split.files, '--json', merged, '--shards', `${count}`], {
      limitMs: 30_000,
    });
    // Nothing but the verdict summary (reporters/failure-summary.ts): no warning, no refusal.
    expect(merge.stderr.split('\n').filter((l) => l && !/^(Verdict|Reports:| {2})/.test(l))).toEqual([]);
    const [server, clients] = reportsOf(merged) as [RunReport, RunReport];
    const [aloneServer, aloneClients] = reportsOf(aloneFile) as [RunReport, RunReport];
    expect(judgement(server)).toEqual(judgement(aloneServer));
    expect(server.coverage).toMatchObject({
      covered: aloneServer.coverage!.covered,
      total: aloneServer.coverage!.total,
    });
    expect(judgement(clients)).toEqual(judgement(aloneClients));
    // The pairs were split by the balancer: the proxies' counts do not add up to one proxy's, the merge's do.
    const pairResults = server.results.filter((r) => isPairRule(r.id));
    expect(pairResults.length).toBeGreaterThanOrEqual(8);
    const ownJudged = (id: string): number[] =>
      split.files.map((f) => reportsOf(f)[0]!.results.find((x) => x.id === id)?.exchanges?.judged ?? 0);
    const across = pairResults.filter((r) => ownJudged(r.id).reduce((a, b) => a + b, 0) !== r.exchanges!.judged);
    expect(across.length).toBeGreaterThan(0);
    // Three proxies: some pair rule no one proxy could judge at all.
    if (count === 3) expect(pairResults.some((r) => ownJudged(r.id).every((n) => n === 0))).toBe(true);
    expect(server.summary.failed).toBe(aloneServer.summary.failed);
    expect(server.results.filter((r) => r.status === 'fail').length).toBeGreaterThan(0);
    expect(server.origin).toMatchObject({ kind: 'proxy', side: 'server', mergedFrom: count });
    // The exit code is the one proxy's: 1, the server broke rules; each proxy saw it too.
    expect(merge.code).toBe(aloneCode);
    expect(aloneCode).toBe(1);
    expect(codes).toEqual(Array(count).fill(1));
  },
  120_000,
);
