/**
 * @module Scenario: the other operations of the mock under 32 connections (training job create and
 * get, trajectory log, a small page of the record list, a record read by id), against the bare
 * `node:http` baseline answering the same method (POST: parse the same JSON body; GET: no body),
 * each server in its own child process.
 */
import { probeOk } from '../lib/http.js';
import { load, type LoadSpec } from '../lib/load.js';
import { startServerChild, type ServerChild } from '../lib/spawn.js';
import { BASIC, BEARER, JSON_HEADERS, LOG_PATH, logRequest, RECORDS_BASE, trainingJobRequest } from '../lib/requests.js';
import { row, type Row } from '../lib/table.js';

export interface OperationsOptions {
  seconds: number;
}

export async function operationsScenario(opts: OperationsOptions): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  const children: ServerChild[] = [];
  try {
    const mock = await startServerChild('servers/mock.js', ['{}']);
    children.push(mock);
    const bare = await startServerChild('baselines/chat.js', ['600']);
    children.push(bare);
    const post = { ...BEARER, ...JSON_HEADERS };
    const jobBody = trainingJobRequest();
    const logBody = logRequest();
    // The store is bounded (oldest evicted): the job read back is created after the create load.
    const newJob = async () => (JSON.parse((await probeOk(mock.url + '/v1/preview/training-jobs', { method: 'POST', headers: post, body: jobBody })).body) as { id: string }).id;
    await newJob();
    await probeOk(mock.url + LOG_PATH, { method: 'POST', headers: post, body: logBody });
    const page = await probeOk(mock.url + RECORDS_BASE + '/predictions?limit=10', { headers: BASIC });
    const first = JSON.parse(page.body.split('\n')[0]!) as { prediction_id: string };

    const ops: { figure: string; method: 'GET' | 'POST'; path: string | (() => Promise<string>); headers: Record<string, string>; body?: string; bytes?: number }[] = [
      { figure: 'training job create', method: 'POST', path: '/v1/preview/training-jobs', headers: post, body: jobBody },
      { figure: 'training job get', method: 'GET', path: async () => `/v1/preview/training-jobs/${await newJob()}`, headers: BEARER },
      { figure: 'trajectory log', method: 'POST', path: LOG_PATH, headers: post, body: logBody },
      { figure: 'list, page of 10', method: 'GET', path: RECORDS_BASE + '/predictions?limit=10', headers: BASIC, bytes: Buffer.byteLength(page.body) },
      { figure: 'record read by id', method: 'GET', path: `${RECORDS_BASE}/predictions/${first.prediction_id}`, headers: BASIC },
    ];
    const spec = (url: string, op: (typeof ops)[number], path: string): LoadSpec => ({
      url: url + path,
      method: op.method,
      headers: op.headers,
      ...(op.body !== undefined ? { body: op.body } : {}),
      connections: 32,
      seconds: opts.seconds,
      warmupSeconds: 1,
    });
    // One baseline per method, measured between the mock's runs.
    const baseline: Partial<Record<'GET' | 'POST', number>> = {};
    const rows: Row[] = [];
    const problems: string[] = [];
    for (const op of ops) {
      const path = typeof op.path === 'string' ? op.path : await op.path();
      if (baseline[op.method] === undefined) baseline[op.method] = (await load(spec(bare.url, { ...op, body: op.method === 'POST' ? jobBody : undefined }, path))).rps;
      const r = await load(spec(mock.url, op, path));
      if (r.non2xx || r.errors) problems.push(`${op.figure}: ${r.non2xx} non-2xx, ${r.errors} errors of ${r.total}`);
      rows.push(
        row({
          scenario: 'mock',
          figure: op.figure,
          value: r.rps,
          unit: 'req/s',
          baseline: baseline[op.method],
          baselineLabel: `bare node:http ${op.method}, fixed ~600 B answer`,
          note: op.body ? `body ${Buffer.byteLength(op.body)} B` : op.bytes ? `answer ${op.bytes} B` : undefined,
        }),
      );
    }
    return { rows, details: { baseline, problems, jobBodyBytes: Buffer.byteLength(jobBody), logBodyBytes: Buffer.byteLength(logBody) } };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}
