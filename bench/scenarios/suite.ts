/**
 * @module Scenario: a whole strict run of the suite against the bundled mock, the real CLI
 * (`node bin/conformance.js run --seed 1 --level should`) in a child process, with
 *  - a preload (bench/suite/preload.ts) counting the requests that reach the in-process mock, and
 *  - a CPU profile (`--cpu-prof`), split into generating, validating, the mock, HTTP, the checks,
 *    GC and idle, to estimate where the wall time goes.
 * `--level` changes only the verdict (which results gate), not which checks run, so this one run
 * is also the default run's figure.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { splitProfile, type ProfileSplit } from '../lib/profile.js';
import { runToExit } from '../lib/proc.js';
import { BENCH_DIST, CLI, ROOT } from '../lib/paths.js';
import { row, type Row } from '../lib/table.js';

export interface SuiteOptions {
  timeoutMs: number;
  goalSeconds: number;
  /** Profile the run (small overhead; gives the time split). */
  profile: boolean;
}

interface PreloadOut {
  requests: number;
  firstMs?: number;
  lastMs: number;
  exitMs: number;
  cpuUserUs: number;
  cpuSystemUs: number;
  maxRss: number;
}

export async function suiteScenario(opts: SuiteOptions): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-suite-'));
  try {
    const outFile = join(dir, 'preload.json');
    const reportFile = join(dir, 'report.json');
    const preload = new URL(`file://${join(BENCH_DIST, 'suite', 'preload.js')}`).href;
    const nodeArgs = [
      '--import',
      preload,
      ...(opts.profile ? ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '1000'] : []),
    ];
    const exit = await runToExit(
      process.execPath,
      [...nodeArgs, CLI, 'run', '--seed', '1', '--level', 'should', '--quiet', '--json', reportFile],
      opts.timeoutMs,
      {
        cwd: ROOT,
        env: { ...process.env, BENCH_SUITE_OUT: outFile, NO_COLOR: '1' },
      },
    );
    if (exit.signal) throw new Error(`conformance run: killed (${exit.signal}) after ${Math.round(exit.ms)} ms`);
    const pre = JSON.parse(readFileSync(outFile, 'utf8')) as PreloadOut;
    const report = (
      JSON.parse(readFileSync(reportFile, 'utf8')) as {
        reports: {
          durationMs: number;
          summary: Record<string, unknown>;
          results: unknown[];
          coverage?: { percent: number; covered: number; total: number };
        }[];
      }
    ).reports[0]!;
    let split: ProfileSplit | undefined;
    const prof = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (prof) split = splitProfile(join(dir, prof));

    const wallS = exit.ms / 1000;
    const cpuS = (pre.cpuUserUs + pre.cpuSystemUs) / 1e6;
    const rows: Row[] = [
      row({
        scenario: 'suite',
        figure: 'strict run (--level should), wall',
        value: wallS,
        unit: 's',
        goal: { text: `< ${opts.goalSeconds} s`, met: wallS < opts.goalSeconds },
        note: `${report.results.length} checks, exit ${exit.code}; runSuite ${(report.durationMs / 1000).toFixed(1)} s; CPU ${cpuS.toFixed(1)} s${opts.profile ? '; profiled' : ''}`,
      }),
      row({
        scenario: 'suite',
        figure: 'strict run, CPU time (user+sys)',
        value: cpuS,
        unit: 's',
        note: 'one process (mock in-process); includes V8 helper threads (GC, JIT), so it can exceed the wall time on 2 cores',
      }),
      row({
        scenario: 'suite',
        figure: 'requests at the mock',
        value: pre.requests / (report.durationMs / 1000),
        unit: 'req/s',
        note: `${pre.requests} requests over runSuite's ${(report.durationMs / 1000).toFixed(1)} s`,
      }),
    ];
    // What the run exercised (src/coverage): a strict run against the mock should cover all of it.
    if (report.coverage) {
      rows.push(
        row({
          scenario: 'suite',
          figure: 'coverage of the interface',
          value: report.coverage.percent,
          unit: '%',
          goal: { text: '100 %', met: report.coverage.percent === 100 },
          note: `${report.coverage.covered} of ${report.coverage.total} items exercised; ${pre.requests} requests`,
        }),
      );
    }
    if (split) {
      const { ms, wallMs } = split;
      const pct = (x: number) => (100 * x) / wallMs;
      rows.push(
        row({
          scenario: 'suite',
          figure: 'share generating + validating (suite side)',
          value: pct(ms.generate + ms.validate),
          unit: '%',
          note: `generate ${pct(ms.generate).toFixed(0)} %, validate ${pct(ms.validate).toFixed(0)} % of ${(wallMs / 1000).toFixed(1)} s profiled`,
        }),
        row({
          scenario: 'suite',
          figure: 'share on the network side (HTTP, mock, idle)',
          value: pct(ms.idle + ms.http + ms.mock),
          unit: '%',
          note: `idle ${pct(ms.idle).toFixed(0)} %, HTTP stack ${pct(ms.http).toFixed(0)} %, mock (in-process) ${pct(ms.mock).toFixed(0)} %; checks ${pct(ms.checks).toFixed(0)} %, GC ${pct(ms.gc).toFixed(0)} %, other ${pct(ms.other).toFixed(0)} %`,
        }),
      );
    }
    return {
      rows,
      details: {
        wallMs: exit.ms,
        exitCode: exit.code,
        preload: pre,
        summary: report.summary,
        runSuiteMs: report.durationMs,
        profile: split,
        stderr: exit.stderr.slice(0, 2000),
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
