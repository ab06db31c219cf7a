import type { IncomingMessage } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import { expect, test } from 'vitest';
import type { ExchangeSteps } from './judge-queue.js';
import { takeBody } from './request-body.js';

/** A judge that only notes what it is shown. */
function notingJudge() {
  const seen: string[] = [];
  let ends = 0;
  const judge = {
    requestChunk: (c: Buffer) => seen.push(c.toString()),
    requestEnd: () => ends++,
  } as unknown as ExchangeSteps;
  return { judge, seen, ends: () => ends };
}

const taken = (req: PassThrough, judge: ExchangeSteps) =>
  new Promise<Buffer | Readable>((resolve) => takeBody(req as unknown as IncomingMessage, judge, resolve));

async function text(body: Buffer | Readable): Promise<string> {
  if (Buffer.isBuffer(body)) return body.toString();
  let out = '';
  for await (const c of body) out += (c as Buffer).toString();
  return out;
}

test('a body that arrived with its headers goes as one Buffer, each chunk judged once', async () => {
  const req = new PassThrough();
  const j = notingJudge();
  const body = taken(req, j.judge);
  req.write('{"a":');
  req.end('1}');
  const got = await body;
  expect(Buffer.isBuffer(got)).toBe(true);
  expect(await text(got)).toBe('{"a":1}');
  expect(j.seen).toEqual(['{"a":', '1}']);
  expect(j.ends()).toBe(1);
});

test('a body still arriving streams on: what came first, then the rest, each chunk judged once', async () => {
  const req = new PassThrough();
  const j = notingJudge();
  const body = taken(req, j.judge);
  req.write('{"a":');
  const got = await body; // handed over at the end of the turn, the rest still to come
  expect(got).toBeInstanceOf(Readable);
  expect(j.ends()).toBe(0);
  setTimeout(() => req.end('1}'), 20);
  expect(await text(got)).toBe('{"a":1}');
  expect(j.seen).toEqual(['{"a":', '1}']);
  expect(j.ends()).toBe(1);
});
