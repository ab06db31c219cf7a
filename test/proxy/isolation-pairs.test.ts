/**
 * Isolation probes through the proxy: a client lists predictions in acme/evals, then reads a listed
 * id under another project or entity (a team's isolation test). A 404 there is right, so the pair
 * rule "a listed record reads back" never judges that read: a record is paired on its entity,
 * project and id. Through one proxy, behind a compressing front, and split between proxies and
 * merged; the true case (a listed record misread in its own project) is still found.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, expect, test } from 'vitest';
import { createMock, type MockServer, startMockServer } from '../../mock/index.js';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER } from '../../src/core/defaults.js';
import type { RunReport } from '../../src/core/report.js';
import { mergeReports } from '../../src/merge/merge.js';
import { listRecords, problems, result, startProxy } from './helpers.js';

const READ_BACK = 'predictions.listed-records-read-back';
const BELONGS = 'predictions.records-belong-to-project';

const mocks: MockServer[] = [];
const fronts: Server[] = [];
afterEach(async () => {
  for (const m of mocks.splice(0)) await m.close();
  for (const s of fronts.splice(0)) s.close();
});

async function mockUrl(faults: readonly string[] = []): Promise<string> {
  const mock = await startMockServer({ port: 0, faults: [...faults], seed: 7 });
  mocks.push(mock);
  return mock.url;
}

/** The clean mock behind a front that gzips every answer whole. */
async function gzippingMock(): Promise<string> {
  const mock = createMock();
  const server = createServer(async (req, res) => {
    const answer = await mock.fetch(
      new Request(`http://mock${req.url}`, {
        method: req.method ?? 'GET',
        headers: Object.entries(req.headers).flatMap(([k, v]) =>
          typeof v === 'string' ? [[k, v] as [string, string]] : [],
        ),
      }),
    );
    const body = Buffer.from(await answer.arrayBuffer());
    const headers = Object.fromEntries(answer.headers);
    delete headers['content-length'];
    res.writeHead(answer.status, { ...headers, 'content-encoding': 'gzip' });
    res.end(gzipSync(body));
  });
  fronts.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const basic = `Basic ${Buffer.from(`${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`).toString('base64')}`;

/** GET a prediction by id under `scope` (`entity/project`): the status. */
async function readUnder(base: string, scope: string, id: string): Promise<number> {
  const res = await fetch(`${base}/v2/${scope}/predictions/${id}`, {
    headers: { authorization: basic, 'accept-encoding': 'gzip' },
  });
  await res.arrayBuffer();
  return res.status;
}

/** The first prediction id of a listing of acme/evals through `base`. */
async function listedId(base: string): Promise<string> {
  const listed = await listRecords(base, 'predictions', undefined, '?limit=2');
  expect(listed.status).toBe(200);
  return (listed.records[0] as { prediction_id: string }).prediction_id;
}

const OTHER_SCOPES = ['acme/other-project', 'other-entity/evals'];

test('a listed id read under another project or entity (404): no server-side finding', async () => {
  const proxy = await startProxy(await mockUrl());
  const id = await listedId(proxy.url);
  for (const scope of OTHER_SCOPES) expect(await readUnder(proxy.url, scope, id), scope).toBe(404);
  const [server] = await proxy.stop();
  expect(problems(server!)).toEqual([]);
  expect(result(server!, READ_BACK)?.exchanges?.judged ?? 0, 'the read-back rule judged no isolation read').toBe(0);
});

test('behind a compressing front: the same isolation reads, no finding; the same-project read is judged', async () => {
  const proxy = await startProxy(await gzippingMock());
  const id = await listedId(proxy.url);
  for (const scope of OTHER_SCOPES) expect(await readUnder(proxy.url, scope, id), scope).toBe(404);
  expect(await readUnder(proxy.url, 'acme/evals', id)).toBe(200);
  const [server] = await proxy.stop();
  expect(problems(server!)).toEqual([]);
  expect(result(server!, READ_BACK)).toMatchObject({ status: 'pass', exchanges: { judged: 1, broken: 0 } });
});

test.each(['records.read-listed-id-404', 'records.read-differs-from-listing'])(
  '%s: the listed record misread in its own project is still found, the isolation reads are not',
  async (fault) => {
    const proxy = await startProxy(await mockUrl([fault]));
    const id = await listedId(proxy.url);
    for (const scope of OTHER_SCOPES) await readUnder(proxy.url, scope, id);
    await readUnder(proxy.url, 'acme/evals', id);
    const [server] = await proxy.stop();
    expect(result(server!, READ_BACK)).toMatchObject({ status: 'fail', exchanges: { judged: 1, broken: 1 } });
    expect(result(server!, READ_BACK)?.evidence?.request?.url).toContain('/acme/evals/predictions/');
  },
);

test("a server that serves a listed record under another project: the read-back rule leaves it to the project's own rule", async () => {
  const proxy = await startProxy(await mockUrl(['records.read-ignores-scope']));
  const id = await listedId(proxy.url);
  expect(await readUnder(proxy.url, 'acme/other-project', id)).toBe(200);
  const [server] = await proxy.stop();
  // The record answered is the one asked for (its id): read back, it is not a failure of the pair.
  expect(result(server!, READ_BACK)?.status).not.toBe('fail');
  expect(result(server!, BELONGS)?.status).toBe('fail');
});

/** A listing on one proxy, a read under `scope` on another: each proxy's server report, and their merge. */
async function splitRead(faults: readonly string[], scope: string): Promise<{ own: RunReport[]; merged: RunReport }> {
  const target = await mockUrl(faults);
  const [a, b] = await Promise.all([startProxy(target), startProxy(target)]);
  const id = await listedId(a!.url);
  await readUnder(b!.url, scope, id);
  const own = (await Promise.all([a!, b!].map((p) => p.stop()))).map(([server]) => server!);
  const [merged] = mergeReports(own.map((report, i) => ({ file: `proxy-${i + 1}.json`, report })));
  return { own, merged: merged! };
}

test.each(OTHER_SCOPES)(
  'merged: a listing on one proxy, the 404 read under %s on another: no finding',
  async (scope) => {
    const { merged } = await splitRead([], scope);
    expect(problems(merged)).toEqual([]);
    expect(result(merged, READ_BACK)?.exchanges?.judged ?? 0).toBe(0);
  },
);

test('merged: the listed record read back 404 in its own project on another proxy is still found', async () => {
  const { own, merged } = await splitRead(['records.read-listed-id-404'], 'acme/evals');
  for (const report of own) expect(result(report, READ_BACK)?.status).not.toBe('fail');
  expect(result(merged, READ_BACK)).toMatchObject({ status: 'fail', exchanges: { judged: 1, broken: 1 } });
});
