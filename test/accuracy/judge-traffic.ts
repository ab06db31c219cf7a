/**
 * @module A client workload judged twice, in-process: through the judging proxy in front of an
 * upstream (`conformance proxy --record`, its traffic recorded), and by replaying that recording
 * against a target (`conformance run --replay`, through src/replay's `replayRecording`). The proxy
 * is told the mock's default credentials (`--token`, `--basic`), so that other credentials served
 * are judged too.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import type { RunReport } from '../../src/core/report.js';
import type { ListParams } from '../../src/rules/evidence.js';
import { proxyReports } from '../../src/proxy/report.js';
import { replayRecording } from '../../src/replay/replay.js';
import { startProxy } from '../proxy/helpers.js';
import type { ClientWorkload } from './workloads.js';

/** The credentials the mock accepts by default, as `--token` and `--basic` give them. */
const CREDENTIALS = { token: DEFAULT_TOKEN, basic: `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}` };

/** What the user configures for the target, the proxy and the replay told too: its list query names (`--param-*`), §7.1. */
export interface JudgeOptions {
  readonly listParams?: ListParams;
  readonly priorityScheduling?: boolean;
}

/**
 * Runs the workload through an in-process judging proxy in front of `upstream`, recording the
 * traffic (a new file under `dir`); returns the proxy's report (the server's), the recording's path,
 * and the clients' report.
 */
export async function judgeThroughProxy(
  upstream: string,
  w: ClientWorkload,
  dir: string,
  options: JudgeOptions = {},
): Promise<{ report: RunReport; recording: string; clients: RunReport }> {
  const lines: string[] = [];
  const proxy = await startProxy(upstream, {
    ...options,
    credentials: CREDENTIALS,
    record: (line) => lines.push(line),
    timeoutMs: 10_000,
    idleTimeoutMs: 10_000,
  });
  let reports: RunReport[];
  try {
    await w.drive(proxy.url);
  } finally {
    reports = await proxy.stop();
  }
  // A folder of its own per run: a later run of the same workload never overwrites this recording.
  const recording = join(mkdtempSync(join(dir, `${w.id}-`)), 'exchanges.jsonl');
  writeFileSync(recording, lines.length ? `${lines.join('\n')}\n` : '');
  return { report: reports[0]!, recording, clients: reports[1]! };
}

/**
 * Replays a recording against `target` (in-process, as `run --replay` does, one request at a time
 * so that pairs keep their order, writes allowed) and returns the server's report.
 */
export async function judgeByReplay(recording: string, target: string, options: JudgeOptions = {}): Promise<RunReport> {
  const replay = `conformance run --replay ${recording} --target ${target}`;
  const outcome = await replayRecording({
    file: recording,
    target,
    credentials: CREDENTIALS,
    concurrency: 1,
    timeoutMs: 10_000,
    maxBodyBytes: 4 * 1024 * 1024,
    allowWrites: true,
    maxWrites: 100,
    replay,
    ...options,
  });
  return proxyReports(outcome.session, { level: 'should', replay, kind: 'replay' })[0]!;
}

/**
 * The findings of a proxy/replay server report, one line each ('<check id>: <actual>'); [] when none
 * (INFO observations never count). At level `must`, only the MUST rules' (a server that departs from a
 * SHOULD convention).
 */
export function serverSideFindings(report: RunReport, level: 'must' | 'should' = 'should'): string[] {
  return report.results
    .filter((r) => (r.status === 'fail' || r.status === 'error') && r.level !== 'INFO')
    .filter((r) => level === 'should' || r.level === 'MUST')
    .map((r) => `${r.id}: ${r.actual ?? r.message ?? ''}`);
}
