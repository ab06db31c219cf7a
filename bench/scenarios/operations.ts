/**
 * @module Scenario: the other operations of the mock under 32 connections (training job create and
 * get, trajectory log, a small page of the record list, a record read by id), against the bare
 * `node:http` baseline answering the same method (POST: parse the same JSON body; GET: no body) with
 * a fixed ~600 B answer, or one of the page's size for the list, each server in its own child process.
 * Each operation: paired rounds against its baseline, medians (see chat.ts).
 */
import { probeOk } from '../lib/http.js';
import { checkClean, median, paired, rounded, type LoadSpec } from '../lib/load.js';
import { startServerChild, type ServerChild } from '../lib/spawn.js';
import {
  BASIC,
  BEARER,
  JSON_HEADERS,
  LOG_PATH,
  logRequest,
  RECORDS_BASE,
  trainingJobRequest,
} from '../lib/requests.js';
import { row, type Row } from '../lib/table.js';

export interface OperationsOptions {
  /** Paired rounds per operation, and their length. */
  rounds: number;
  seconds: number;
}

export async function operationsScenario(
  opts: OperationsOptions,
): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  const children: ServerChild[] = [];
  try {
    const mock = await startServerChild('servers/mock.js', ['{}']);
    children.push(mock);
    // Bare servers by answer size: ~600 B, and the list page's own size.
    const bareBySize = new Map<number, ServerChild>();
    const bareFor = async (bytes: number): Promise<ServerChild> => {
      let child = bareBySize.get(bytes);
      if (!child) {
        child = await startServerChild('baselines/chat.js', [String(bytes)]);
        children.push(child);
        bareBySize.set(bytes, child);
      }
      return child;
    };
    const post = { ...BEARER, ...JSON_HEADERS };
    const jobBody = trainingJobRequest();
    const logBody = logRequest();
    // The store is bounded (oldest evicted): the job read back is created after the create load.
    const newJob = async () =>
      (
        JSON.parse(
          (await probeOk(mock.url + '/v1/preview/training-jobs', { method: 'POST', headers: post, body: jobBody }))
            .body,
        ) as { id: string }
      ).id;
    await newJob();
    await probeOk(mock.url + LOG_PATH, { method: 'POST', headers: post, body: logBody });
    const page = await probeOk(mock.url + RECORDS_BASE + '/predictions?limit=10', { headers: BASIC });
    const first = JSON.parse(page.body.split('\n')[0]!) as { prediction_id: string };

    const ops: {
      figure: string;
      method: 'GET' | 'POST';
      path: string | (() => Promise<string>);
      headers: Record<string, string>;
      body?: string | undefined;
      bytes?: number;
    }[] = [
      {
        figure: 'training job create',
        method: 'POST',
        path: '/v1/preview/training-jobs',
        headers: post,
        body: jobBody,
      },
      {
        figure: 'training job get',
        method: 'GET',
        path: async () => `/v1/preview/training-jobs/${await newJob()}`,
        headers: BEARER,
      },
      { figure: 'trajectory log', method: 'POST', path: LOG_PATH, headers: post, body: logBody },
      {
        figure: 'list, page of 10',
        method: 'GET',
        path: RECORDS_BASE + '/predictions?limit=10',
        headers: BASIC,
        bytes: Buffer.byteLength(page.body),
      },
      {
        figure: 'record read by id',
        method: 'GET',
        path: `${RECORDS_BASE}/predictions/${first.prediction_id}`,
        headers: BASIC,
      },
    ];
    const spec = (url: string, op: (typeof ops)[number], path: string): LoadSpec => ({
      url: url + path,
      method: op.method,
      headers: op.headers,
      ...(op.body !== undefined ? { body: op.body } : {}),
      connections: 32,
      seconds: opts.seconds,
    });
    const rows: Row[] = [];
    const problems: string[] = [];
    const rounds: Record<string, unknown> = {};
    for (const op of ops) {
      const path = typeof op.path === 'string' ? op.path : await op.path();
      const size = op.bytes ?? 600;
      const bare = await bareFor(size);
      const p = await paired(
        spec(bare.url, { ...op, body: op.method === 'POST' ? op.body : undefined }, path),
        spec(mock.url, op, path),
        opts.rounds,
        1,
      );
      rounds[op.figure] = p;
      problems.push(
        ...[
          ...p.mock.map((r) => checkClean(`${op.figure} (mock)`, r)),
          ...p.base.map((r) => checkClean(`${op.figure} (baseline)`, r)),
        ].filter((x): x is string => x !== undefined),
      );
      rows.push(
        row({
          scenario: 'mock',
          figure: op.figure,
          value: median(p.mock.map((r) => r.rps)),
          unit: 'req/s',
          baseline: median(p.base.map((r) => r.rps)),
          baselineLabel: `bare node:http ${op.method}, fixed ${op.bytes ? `${size} B (the page's size)` : '~600 B'} answer`,
          ratio: median(p.ratios),
          note: `${op.body ? `body ${Buffer.byteLength(op.body)} B; ` : op.bytes ? `answer ${op.bytes} B; ` : ''}medians of ${opts.rounds} paired ${opts.seconds} s rounds: mock ${rounded(p.mock)}, base ${rounded(p.base)}`,
        }),
      );
    }
    return {
      rows,
      details: { rounds, problems, jobBodyBytes: Buffer.byteLength(jobBody), logBodyBytes: Buffer.byteLength(logBody) },
    };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}
