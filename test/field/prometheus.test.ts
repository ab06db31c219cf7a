/**
 * A proxy fleet in Prometheus: three `conformance proxy` binaries behind Debian's nginx (an
 * `upstream` round-robin), each serving its metrics on an admin port of its own, scraped every
 * second by Debian's `prometheus` on loopback. A client workload through nginx against a faulty
 * mock breaks rules on every proxy; then what PromQL sums across the fleet is what `conformance
 * merge` of the three reports says: the same findings per rule, and the same count of streams timed.
 * The alert rule docs/kubernetes-sidecar.md shows is loaded as it is written there, and fires.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import type { RunReport } from '../../src/core/report.js';
import { freePort } from '../helpers/free-port.js';
import { runCli } from '../hostile/report-files.js';
import { type RunningCli, sdk, startProxyCli } from '../proxy/helpers.js';
import { workload } from '../proxy/workload.js';
import { missing, proxyPass, scratchDir, startNginx } from './infra.js';

const PROMETHEUS = [
  '/usr/bin/prometheus',
  ...(process.env.PATH ?? '').split(':').map((d) => join(d, 'prometheus')),
].find((p) => p.startsWith('/') && existsSync(p));
const skip =
  missing('nginx') ??
  (PROMETHEUS ? undefined : 'not installed: prometheus (Debian: apt-get install prometheus; .ci/run installs it)');
if (skip) console.warn(`test/field/prometheus.test.ts skipped: ${skip}`);

const out = scratchDir('prometheus');
/** A planted fault: chat answers without usage (MUST: the response schema; SHOULD: usage adds up). */
const FAULTS = ['acceptance.chat-response-without-usage'];
const JOB = 'conformance-proxy';
const stops: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  rmSync(out, { recursive: true, force: true });
});

/** The alert rules file docs/kubernetes-sidecar.md shows (the yaml block after "One alert"). */
function documentedRules(): string {
  const doc = readFileSync(join(process.cwd(), 'docs', 'kubernetes-sidecar.md'), 'utf8');
  const block = /^One alert[\s\S]*?^```yaml\n([\s\S]*?)^```/m.exec(doc);
  if (!block) throw new Error('docs/kubernetes-sidecar.md shows no alert rules file');
  return block[1]!;
}

/**
 * Debian's prometheus on loopback, scraping `targets` and evaluating the documented rules every
 * second, its data in a temp dir; resolves once ready.
 */
async function startPrometheus(targets: readonly string[]): Promise<string> {
  const port = await freePort();
  const config = join(out, 'prometheus.yml');
  writeFileSync(join(out, 'rules.yml'), documentedRules());
  writeFileSync(
    config,
    `global:
  scrape_interval: 1s
  scrape_timeout: 1s
  evaluation_interval: 1s
rule_files: ['${join(out, 'rules.yml')}']
scrape_configs:
  - job_name: ${JOB}
    static_configs:
      - targets: [${targets.map((t) => `'${t}'`).join(', ')}]
`,
  );
  let log = '';
  const child: ChildProcess = spawn(
    PROMETHEUS!,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(out, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  stops.push(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}): ${log}`);
    const ready = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return url;
    if (Date.now() > until) throw new Error(`prometheus not ready: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An instant PromQL query: its series, as labels and a number. */
async function query(prometheus: string, promql: string): Promise<{ metric: Record<string, string>; value: number }[]> {
  const res = await fetch(`${prometheus}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const body = (await res.json()) as {
    status: string;
    data: { result: { metric: Record<string, string>; value: [number, string] }[] };
  };
  expect(body.status, promql).toBe('success');
  return body.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
}

/** Waits until every target was scraped (and up) after `sinceS` (epoch seconds). */
async function scrapedSince(prometheus: string, sinceS: number, targets: number): Promise<void> {
  const until = Date.now() + 15_000;
  for (;;) {
    const up = await query(prometheus, `timestamp(up{job="${JOB}"} == 1)`);
    if (up.length === targets && up.every((s) => s.value > sinceS)) return;
    if (Date.now() > until) throw new Error(`not every proxy scraped since ${sinceS}: ${JSON.stringify(up)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The rules the documented alert fires for, once it has (waits for an evaluation after the scrape). */
async function firing(prometheus: string): Promise<string[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const alerts = await query(prometheus, 'ALERTS{alertname="ConformanceMustBroken",alertstate="firing"}');
    if (alerts.length || Date.now() > until) return alerts.map((a) => a.metric.rule!);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const reportsOf = (file: string): RunReport[] =>
  (JSON.parse(readFileSync(file, 'utf8')) as { reports: RunReport[] }).reports;

test.skipIf(skip)(
  "three proxies behind nginx, scraped by Prometheus: the fleet's findings summed in PromQL are what conformance merge says, rule by rule",
  async () => {
    const mock = await startMockServer({ host: '127.0.0.1', port: 0, faults: FAULTS, seed: 7 });
    stops.push(() => mock.close());
    const files = [1, 2, 3].map((i) => join(out, `proxy-${i}.json`));
    const proxies: RunningCli[] = await Promise.all(
      files.map((json) =>
        startProxyCli(
          // Admin port 0: each proxy takes a free port and prints it, so no port is chosen ahead.
          ['--target', mock.url, '--level', 'should', '--json', json, '--admin-port', '0'],
          {},
          60_000,
        ),
      ),
    );
    for (const p of proxies) stops.push(async () => p.child.kill('SIGKILL'));
    const front = await startNginx(
      (port) => `upstream proxies {
    ${proxies.map((p) => `server ${new URL(p.url).host};`).join('\n    ')}
  }
  server {
    listen 127.0.0.1:${port};
    location / { ${proxyPass('http://proxies')} }
  }`,
    );
    stops.push(() => front.stop());
    const admins = proxies.map((p) => p.adminUrl!);
    const prometheus = await startPrometheus(admins.map((a) => new URL(a).host));

    // The metrics are on the admin port only: the traffic port forwards /metrics to the target like any path.
    const own = await fetch(`${admins[0]}/metrics`);
    expect(own.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await own.text()).toContain('conformance_proxy_info{');
    expect(await (await fetch(`${proxies[0]!.url}/metrics`)).text()).not.toContain('conformance_proxy_');

    const base = `http://127.0.0.1:${front.port}`;
    await workload(sdk(base), base);
    await scrapedSince(prometheus, Date.now() / 1000, 3);

    const total = await query(prometheus, 'sum(conformance_proxy_findings_total)');
    const byRule = await query(prometheus, 'sum by (rule) (conformance_proxy_findings_total)');
    const byInstance = await query(prometheus, `sum by (instance) (conformance_proxy_exchanges_total{job="${JOB}"})`);
    const mustServer = await query(prometheus, 'sum(conformance_proxy_findings_total{level="must",side="server"})');
    const ttft = await query(prometheus, 'sum(conformance_proxy_ttft_seconds_count)');
    const latency = await query(prometheus, 'sum(conformance_proxy_latency_seconds_count)');
    const alerts = await firing(prometheus);

    // SIGTERM: each proxy writes its report; then the merge of the three.
    for (const p of proxies) p.child.kill('SIGTERM');
    const codes = (await Promise.all(proxies.map((p) => p.exited))).map((e) => e.code);
    expect(codes).toEqual([1, 1, 1]);
    const merged = join(out, 'merged.json');
    const merge = await runCli(['merge', ...files, '--json', merged, '--shards', '3'], { limitMs: 30_000 });
    // The server broke rules: exit 1, as each proxy's.
    expect(merge.code, merge.stderr).toBe(1);
    const [server, clients] = reportsOf(merged) as [RunReport, RunReport];

    // What the merge says was broken, per rule, on both sides.
    const broken = new Map<string, number>();
    for (const r of [...server.results, ...clients.results])
      if (r.exchanges?.broken) broken.set(r.id, r.exchanges.broken);
    const promql = new Map(byRule.map((s) => [s.metric.rule!, s.value]));
    expect(broken.size).toBeGreaterThan(0);
    expect(Object.fromEntries([...promql].sort())).toEqual(Object.fromEntries([...broken].sort()));
    const sum = [...broken.values()].reduce((a, b) => a + b, 0);
    expect(total).toEqual([expect.objectContaining({ value: sum })]);
    // The planted fault is the server's, at MUST: the alert of docs/kubernetes-sidecar.md would fire.
    const mergedMustServer = server.results
      .filter((r) => r.level === 'MUST')
      .reduce((n, r) => n + (r.exchanges?.broken ?? 0), 0);
    expect(mergedMustServer).toBeGreaterThan(0);
    expect(mustServer).toEqual([expect.objectContaining({ value: mergedMustServer })]);
    const mustRules = server.results.filter((r) => r.level === 'MUST' && r.exchanges?.broken).map((r) => r.id);
    expect(alerts.sort()).toEqual(mustRules.sort());
    // Every proxy took a share of the traffic, and the timings add up to the merged report's.
    expect(byInstance).toHaveLength(3);
    for (const s of byInstance) expect(s.value, s.metric.instance).toBeGreaterThan(0);
    const counted = (measure: 'ttft_ms' | 'latency_ms'): number =>
      Object.values(server.timing ?? {}).reduce((n, t) => n + (t?.[measure]?.count ?? 0), 0);
    expect(counted('ttft_ms')).toBeGreaterThan(0);
    expect(ttft).toEqual([expect.objectContaining({ value: counted('ttft_ms') })]);
    expect(latency).toEqual([expect.objectContaining({ value: counted('latency_ms') })]);
  },
  60_000,
);
