/**
 * The proxy and `run --replay` read a listing's query with the names the user gives (`--param-*`;
 * §4.5, §4.7 do not show them): against a service whose list parameters are `run`, `max` and `skip`,
 * a client's `limit=4` is a name that service does not know, so all its records are no finding,
 * while `max=4` answered with more records is one. The flags themselves: `conformance proxy
 * --param-*`, and `run --replay` taking the run's own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseProxyArgs } from '../../app/cli/proxy-command.js';
import { parseRunOptions } from '../../app/cli/run-options.js';
import { recordPathOf } from '../../mock/faults/rewrite.js';
import {
  DEFAULT_BASIC_PASSWORD,
  DEFAULT_BASIC_USER,
  DEFAULT_LIST_PARAMS,
  DEFAULT_TOKEN,
} from '../../src/core/defaults.js';
import type { RunReport } from '../../src/core/report.js';
import { proxyReports } from '../../src/proxy/report.js';
import { replayRecording } from '../../src/replay/replay.js';
import { startVariantServer, type VariantHandler } from '../helpers/variant-server.js';
import { listRecords, result, startProxy } from './helpers.js';

/** The service's own names, and the mock's each stands for. */
const OWN = { evaluationRunId: 'run', limit: 'max', offset: 'skip' } as const;
const TO_MOCK: Record<string, string> = {
  run: DEFAULT_LIST_PARAMS.evaluationRunId,
  max: DEFAULT_LIST_PARAMS.limit,
  skip: DEFAULT_LIST_PARAMS.offset,
};

/** Listings read with the service's own names only (the mock's dropped); `honourLimit: false` drops `max` too (a fault). */
const ownNames =
  (honourLimit: boolean): VariantHandler =>
  (req, handle) => {
    if (!recordPathOf(req)?.list) return handle(req);
    const query = new URLSearchParams();
    for (const [k, v] of req.query) if (TO_MOCK[k] && (honourLimit || k !== OWN.limit)) query.append(TO_MOCK[k], v);
    return handle({ ...req, query });
  };

const LIMIT = 'predictions.limit-bounds-count';
const FILTER = 'predictions.filter-by-evaluation-run';
const PAGE = 'predictions.offset-skips';

let conformant: { url: string; close(): Promise<void> };
let ignoresMax: { url: string; close(): Promise<void> };
const dir = mkdtempSync(join(tmpdir(), 'cts-list-params-'));
beforeAll(async () => {
  conformant = await startVariantServer(ownNames(true));
  ignoresMax = await startVariantServer(ownNames(false));
});
afterAll(async () => {
  await conformant.close();
  await ignoresMax.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A full listing, then pages and a filter asked with `names`, through a proxy told `listParams` (or not); its server report and recording. */
async function listThrough(
  upstream: string,
  names: { evaluationRunId: string; limit: string; offset: string },
  listParams?: typeof OWN,
): Promise<{ report: RunReport; recorded: string[]; counts: number[] }> {
  const recorded: string[] = [];
  const proxy = await startProxy(upstream, {
    record: (line) => recorded.push(line),
    ...(listParams ? { listParams } : {}),
  });
  const counts: number[] = [];
  let reports: RunReport[];
  try {
    const full = await listRecords(proxy.url, 'predictions');
    counts.push(full.records.length);
    const run = (full.records[0] as { evaluation_run_id: string }).evaluation_run_id;
    for (const query of [
      `?${names.limit}=4`,
      `?${names.offset}=1&${names.limit}=2`,
      `?${names.evaluationRunId}=${run}`,
    ])
      counts.push((await listRecords(proxy.url, 'predictions', undefined, query)).records.length);
    await listRecords(proxy.url, 'predictions');
  } finally {
    reports = await proxy.stop();
  }
  return { report: reports[0]!, recorded, counts };
}

test('told the service’s names, the proxy finds nothing in a client’s `limit=4` it ignores; not told, it is a false finding', async () => {
  const told = await listThrough(conformant.url, DEFAULT_LIST_PARAMS, OWN);
  expect(told.counts[0]).toBeGreaterThan(4);
  // The service knows none of these names: every listing is the full one.
  expect(told.counts.slice(1)).toEqual([told.counts[0], told.counts[0], told.counts[0]]);
  for (const id of [LIMIT, FILTER, PAGE]) expect(result(told.report, id)?.status, id).not.toBe('fail');
  expect(result(told.report, LIMIT)).toBeUndefined();

  // The proxy reading the defaults (the behaviour before --param-*) reports the conformant service.
  const untold = await listThrough(conformant.url, DEFAULT_LIST_PARAMS);
  expect(result(untold.report, LIMIT)).toMatchObject({ status: 'fail' });
  expect(result(untold.report, LIMIT)?.expected).toContain('limit=4');
});

test('told the service’s names, its own `max=4`, `skip`, `run` are judged: honoured, they pass', async () => {
  const { report, counts } = await listThrough(conformant.url, OWN, OWN);
  expect(counts.slice(1, 3)).toEqual([4, 2]);
  expect(result(report, LIMIT)).toMatchObject({ status: 'pass' });
  expect(result(report, FILTER)).toMatchObject({ status: 'pass' });
  expect(result(report, PAGE)).toMatchObject({ status: 'pass' });
});

test('told the service’s names, a service that ignores its own `max=4` is found, the finding naming `max`', async () => {
  const { report, counts } = await listThrough(ignoresMax.url, OWN, OWN);
  expect(counts[1]).toBeGreaterThan(4);
  const found = result(report, LIMIT);
  expect(found).toMatchObject({ status: 'fail' });
  expect(found?.expected).toContain('max=4');
  expect(found?.actual).toMatch(/more than 4 record/);
});

test('`run --replay` judges with the names it is given: the `limit=4` recording replayed is no finding, a false one without', async () => {
  const { recorded } = await listThrough(conformant.url, DEFAULT_LIST_PARAMS, OWN);
  const file = join(dir, 'limit.jsonl');
  writeFileSync(file, `${recorded.join('\n')}\n`);
  const replay = async (listParams?: typeof OWN): Promise<RunReport> => {
    const outcome = await replayRecording({
      file,
      target: conformant.url,
      credentials: { token: DEFAULT_TOKEN, basic: `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}` },
      concurrency: 1,
      timeoutMs: 10_000,
      maxBodyBytes: 4 * 1024 * 1024,
      allowWrites: false,
      maxWrites: 0,
      replay: 'conformance run --replay',
      ...(listParams ? { listParams } : {}),
    });
    return proxyReports(outcome.session, { level: 'should', replay: 'conformance run --replay', kind: 'replay' })[0]!;
  };
  const told = await replay(OWN);
  expect(result(told, LIMIT)).toBeUndefined();
  expect(result(told, 'predictions.filter-by-evaluation-run')?.status).not.toBe('fail');
  expect(result(await replay(), LIMIT)).toMatchObject({ status: 'fail' });
});

test('`conformance proxy --param-*` and `run --replay --param-*` read the names (the defaults when not given)', () => {
  const argv = ['--target', 'http://t:1', '--param-evaluation-run-id', 'run', '--param-limit', 'max'];
  expect(parseProxyArgs([...argv, '--param-offset', 'skip'], {})).toMatchObject({ listParams: OWN });
  expect(parseProxyArgs(['--target', 'http://t:1'], {})).toMatchObject({ listParams: DEFAULT_LIST_PARAMS });
  const run = parseRunOptions(['--replay', join(dir, 'none.jsonl'), ...argv], {}, dir);
  expect(run.settings.target.listParams).toEqual({ ...DEFAULT_LIST_PARAMS, evaluationRunId: 'run', limit: 'max' });
  expect(run.settings.replayBase).toContain('--param-evaluation-run-id run --param-limit max');
});
