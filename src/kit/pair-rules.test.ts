/**
 * The pair rules folded as a driver folds them (PairMemory): pages and filtered listings judged only
 * between two identical full listings, the order judged on two listings of the same query, a listed
 * record read back, a created job read, and keys kept apart by project and kind.
 */
import { expect, test } from 'vitest';
import { operation } from '../core/operations.js';
import { RECORD_KIND } from '../core/record-kinds.js';
import type { OperationId } from '../core/operations.js';
import { judgeSettings, judgeTools, seenExchange } from './request-seen.js';
import type { HttpExchange } from '../transport/types.js';
import type { ExchangeSeen, ListingSeen, Verdict } from '../rules/evidence.js';
import { PAIR_RULES } from '../rules/pair-rules.js';
import { keepOf, PairMemory, type PairJudgement } from '../rules/pairs.js';

/** A pair rule's fold, its halves all callable (each test feeds only the slots the rule has). */
const pairOf = (rule: keyof typeof PAIR_RULES) =>
  (PAIR_RULES[rule] as unknown as { pair: PairJudgement<unknown, unknown> }).pair as PairJudgement<unknown, unknown> & {
    halves: Required<PairJudgement<unknown, unknown>['halves']>;
  };

const BASE = 'http://server.test';
const settings = judgeSettings({ tools: judgeTools() });
const LIST = '/v2/acme/evals/predictions';

function exchange(op: OperationId, method: string, path: string, status: number, body = ''): ExchangeSeen {
  const ex: HttpExchange = {
    request: {
      method,
      url: `${BASE}${path}`,
      headers: { authorization: path.startsWith('/v2') ? 'Basic dTpw' : 'Bearer t-1' },
    },
    response: {
      status,
      headers: { 'content-type': 'application/json' },
      bodyText: body,
      truncated: false,
      durationMs: 1,
    },
    json: undefined,
  };
  return seenExchange(operation(op), ex, BASE, settings);
}

function listing(query: string, ids: string[], run = 'r1', scope = LIST): ListingSeen {
  return {
    exchange: exchange('predictions.list', 'GET', `${scope}${query}`, 200),
    kind: RECORD_KIND.predictions,
    records: ids.length,
    lines: ids.length,
    problem: undefined,
    ids: ids.map((id) => ({ id, run })),
  };
}

/** Feeds each listing to `rule` in turn; the verdicts given, in short ('held', a breach's actual, or '-'). */
function fold(rule: keyof typeof PAIR_RULES, seen: readonly ListingSeen[], memory = new PairMemory()): string[] {
  const pair = pairOf(rule);
  const out: string[] = [];
  seen.forEach((l, at) => {
    const h = pair.halves.listing?.(l);
    const v: Verdict = h ? memory.feed(pair, rule, h, at) : undefined;
    out.push(v === undefined ? '-' : v === 'held' ? 'held' : v.actual);
  });
  return out;
}

const full = ['a', 'b', 'c', 'd', 'e'];

test('a page is judged once the full listing around it reads the same twice', () => {
  const verdicts = fold('offsetSkips', [
    listing('', full),
    listing('?offset=1&limit=2', ['b', 'c']),
    listing('?offset=3&limit=2', ['c', 'd']),
    listing('', full),
  ]);
  expect(verdicts.slice(0, 3)).toEqual(['-', '-', '-']);
  // The first page held, the second skipped one record too few: judged on the full listing after them.
  expect(verdicts[3]).toMatch(/answered c, d;/);
});

test('no page is judged when the records changed between the full listings, or none came before', () => {
  expect(
    fold('offsetSkips', [
      listing('?offset=0&limit=2', ['x', 'y']),
      listing('', ['a', 'b', 'c']),
      listing('?offset=0&limit=2', ['x', 'y']),
      listing('', ['a', 'b', 'c', 'new']),
    ]),
  ).toEqual(['-', '-', '-', '-']);
});

test('the order is judged on two listings of the same query over the same records', () => {
  expect(fold('stableOrder', [listing('', full), listing('', full)])).toEqual(['-', 'held']);
  const moved = fold('stableOrder', [listing('', full), listing('', ['b', 'a', 'c', 'd', 'e'])]);
  expect(moved[1]).not.toBe('held');
  // A record added in between: the order is not judged.
  expect(fold('stableOrder', [listing('', full), listing('', [...full, 'f'])])).toEqual(['-', '-']);
});

test('a filtered listing is judged for the records of its run it left out', () => {
  const both = (ids: string[]): ListingSeen => ({
    ...listing('', ids),
    ids: [
      { id: 'a', run: 'r1' },
      { id: 'b', run: 'r1' },
      { id: 'c', run: 'r2' },
    ],
  });
  const verdicts = fold('filterComplete', [
    both([]),
    listing('?evaluation_run_id=r1', ['a']),
    listing('?evaluation_run_id=r2', ['c'], 'r2'),
    both([]),
  ]);
  expect(verdicts[3]).toMatch(/1 missing, e.g. b;/);
});

test('listings of another project are kept apart', () => {
  const other = '/v2/acme/other/predictions';
  expect(
    fold('offsetSkips', [
      listing('', ['a', 'b']),
      listing('?offset=0&limit=1', ['z'], 'r1', other),
      listing('', ['a', 'b']),
    ]),
  ).toEqual(['-', '-', '-']);
});

test('a listed record read back: held when the same, a breach when it differs or is not found', () => {
  const pair = pairOf('readBack');
  const memory = new PairMemory();
  const record = { prediction_id: 'p-1', inputs: { q: 1 } };
  const listed = listing('', ['p-1']);
  const half = pair.halves.record({
    exchange: listed.exchange,
    kind: RECORD_KIND.predictions,
    record,
    line: 1,
    bytes: 40,
  });
  expect(memory.feed(pair, 'readBack', half!, 0)).toBeUndefined();
  const read = (status: number, body: unknown) => {
    const e = exchange('predictions.read', 'GET', `${LIST}/p-1`, status, JSON.stringify(body));
    return memory.feed(pair, 'readBack', pair.halves.exchange(e)!, 1);
  };
  expect(read(200, record)).toBe('held');
  expect(read(200, { ...record, inputs: { q: 2 } })).toMatchObject({ actual: expect.stringMatching(/inputs/) });
  expect(read(404, { detail: 'not found' })).toMatchObject({ actual: expect.stringMatching(/^HTTP 404/) });
});

test('a created job read under its id: a 404 is the breach; a job never seen created is not judged', () => {
  const pair = pairOf('jobRead');
  const memory = new PairMemory();
  const id = '0b6f1f5e-8a6b-4c57-9f3e-2d1d7c1a9b10';
  const created = exchange('training-jobs.create', 'POST', '/v1/preview/training-jobs', 200, JSON.stringify({ id }));
  memory.feed(pair, 'jobRead', pair.halves.exchange(created)!, 0);
  const get = (jobId: string) =>
    memory.feed(
      pair,
      'jobRead',
      pair.halves.exchange(exchange('training-jobs.get', 'GET', `/v1/preview/training-jobs/${jobId}`, 404))!,
      1,
    );
  expect(get(id.toUpperCase())).toMatchObject({ actual: expect.stringMatching(/^HTTP 404/) });
  expect(get('9b6f1f5e-8a6b-4c57-9f3e-2d1d7c1a9b10')).toBeUndefined();
});

test('the memory forgets the least recently used key past its bound, and counts it', () => {
  const memory = new PairMemory({ keys: 2, bytes: 1 << 30 });
  for (const scope of ['a', 'b', 'c'])
    fold('stableOrder', [listing('', full, 'r1', `/v2/acme/${scope}/predictions`)], memory);
  expect(memory.forgotten).toBe(1);
  expect(memory.report().forgotten).toBe(1);
  // The first key went: its repeat starts afresh, unjudged; the last is judged.
  expect(fold('stableOrder', [listing('', full, 'r1', '/v2/acme/a/predictions')], memory)).toEqual(['-']);
  expect(fold('stableOrder', [listing('', full, 'r1', '/v2/acme/c/predictions')], memory)).toEqual(['held']);
});

/** The read-back half of a record listed on line `line` (its line `bytes` long). */
function listedHalf(pair: ReturnType<typeof pairOf>, record: Record<string, unknown>, line: number, bytes = 40) {
  const { exchange } = listing('', [String(record.prediction_id)]);
  return pair.halves.record!({ exchange, kind: RECORD_KIND.predictions, record, line, bytes })!;
}

test('a report keeps the latest halves of a rule, oldest first, and counts those it left out', () => {
  const pair = pairOf('readBack');
  const memory = new PairMemory();
  const keep = keepOf(pair);
  const keys: string[] = [];
  // Three records per listing time (one listing straddles the ring's end), past the bound by 11.
  for (let i = 0; i < keep + 11; i++) {
    const h = listedHalf(pair, { prediction_id: `p-${i}`, inputs: {} }, i);
    keys.push(h.key);
    memory.feed(pair, 'readBack', h, Math.floor(i / 3));
  }
  const { halves, dropped } = memory.report();
  expect(dropped).toBe(11);
  expect(new Set(keys).size).toBe(keys.length);
  expect(halves.map((h) => h.key)).toEqual(keys.slice(11));
});

test('a report keeps no more evidence than the byte bound: the oldest halves go first, counted', () => {
  const pair = pairOf('readBack');
  const memory = new PairMemory({ keys: 4096, bytes: 1024 * 1024 });
  // Each half's exchange holds a request of 400 kB: two fit in 1 MiB.
  const source = { bytes: 400_000, halfEvidence: () => undefined, halfOutcome: () => ({}) };
  for (let i = 0; i < 5; i++) {
    const h = listedHalf(pair, { prediction_id: `p-${i}`, inputs: {} }, i);
    memory.feed(pair, 'readBack', h, i, source);
  }
  const { halves, dropped } = memory.report();
  expect(dropped).toBe(3);
  expect(halves.map((h) => h.at)).toEqual([3, 4]);
});

/** A chat answer as the completion slot sees it: `n` choices of `content`, with `usage`. */
function answer(request: Record<string, unknown>, contents: string[], usage: Record<string, number>, streamed = false) {
  return {
    exchange: exchange('chat.create', 'POST', '/v1/chat/completions', 200),
    request: { messages: [{ role: 'user', content: 'hi' }], ...request },
    completion: { choices: contents.map((c, index) => ({ index, message: { content: c } })), usage },
    headers: {},
    streamed,
  };
}

/** Folds the answers through a chat pair rule; the verdicts in short. */
function foldChat(
  rule: 'streamedCount' | 'seededDeterminism' | 'promptOnceForN',
  answers: ReturnType<typeof answer>[],
) {
  const pair = pairOf(rule);
  const memory = new PairMemory();
  return answers.map((a, at) => {
    const h = pair.halves.completion?.(a);
    const v: Verdict = h ? memory.feed(pair, rule, h, at) : undefined;
    return v === undefined ? '-' : v === 'held' ? 'held' : v.actual;
  });
}

test('the same seeded request twice: the same output held, another one observed', () => {
  const seeded = { seed: 7, temperature: 0.8 };
  expect(foldChat('seededDeterminism', [answer(seeded, ['a b'], {}), answer(seeded, ['a b'], {})])).toEqual([
    '-',
    'held',
  ]);
  const other = foldChat('seededDeterminism', [answer(seeded, ['a b'], {}), answer(seeded, ['c'], {})]);
  expect(other[1]).toMatch(/first \["a b"\], now \["c"\]/);
  // Without a seed, sampling may differ: no pair.
  expect(foldChat('seededDeterminism', [answer({}, ['a'], {}), answer({}, ['b'], {})])).toEqual(['-', '-']);
});

test('seeded repeats pair whatever the request_id and the order of the fields; other sampling does not', () => {
  const first = answer({ seed: 7, temperature: 0.8, request_id: 'r1' }, ['a b'], {});
  const reordered = answer({ request_id: 'r2', temperature: 0.8, seed: 7 }, ['c'], {});
  expect(foldChat('seededDeterminism', [first, reordered])[1]).toMatch(/first \["a b"\], now \["c"\]/);
  // The same prompt and seed, another temperature: another request, not its repeat (both kept under one key).
  const hotter = answer({ seed: 7, temperature: 1.5 }, ['d'], {});
  expect(foldChat('seededDeterminism', [first, hotter, { ...first }])).toEqual(['-', '-', 'held']);
});

test('the prompt counted once whatever n: the same messages with n 1 and 3 give the same prompt_tokens', () => {
  const once = foldChat('promptOnceForN', [
    answer({ n: 1 }, ['a'], { prompt_tokens: 9, completion_tokens: 1 }),
    answer({ n: 3 }, ['a', 'b', 'c'], { prompt_tokens: 9, completion_tokens: 3 }),
  ]);
  expect(once[1]).toBe('held');
  const thrice = foldChat('promptOnceForN', [
    answer({ n: 1 }, ['a'], { prompt_tokens: 9, completion_tokens: 1 }),
    answer({ n: 3 }, ['a', 'b', 'c'], { prompt_tokens: 27, completion_tokens: 3 }),
  ]);
  expect(thrice[1]).toMatch(/prompt_tokens 27 with n = 3/);
});

test('a listed record weighs its line: large records past the byte bound forget the oldest, counted', () => {
  const pair = pairOf('readBack');
  const memory = new PairMemory({ keys: 4096, bytes: 1024 * 1024 });
  for (let i = 0; i < 20; i++) {
    const record = { prediction_id: `p-${i}`, inputs: { text: 'x'.repeat(100_000) } };
    memory.feed(pair, 'readBack', listedHalf(pair, record, i, JSON.stringify(record).length), i);
  }
  // Ten records of 100 kB fit in 1 MiB: the ten listed before them were forgotten, and counted.
  expect(memory.forgotten).toBe(10);
  const read = (i: number) =>
    memory.feed(
      pair,
      'readBack',
      pair.halves.exchange(exchange('predictions.read', 'GET', `${LIST}/p-${i}`, 404, '{"detail":"gone"}'))!,
      21,
    );
  // The latest listed record is still judged when read back; the first is not, by guess or otherwise.
  expect(read(19)).toMatchObject({ actual: expect.stringMatching(/^HTTP 404/) });
  expect(read(0)).toBeUndefined();
});

test('a listing weighs its ids: long listings of many projects past the byte bound forget the oldest', () => {
  const memory = new PairMemory({ keys: 4096, bytes: 1024 * 1024 });
  const ids = Array.from({ length: 5_000 }, (_, i) => `${'p'.repeat(36)}-${i}`);
  // About 215 kB of ids and runs per project: four projects' listings fit in 1 MiB.
  for (let i = 0; i < 8; i++) fold('stableOrder', [listing('', ids, 'r1', `/v2/acme/p${i}/predictions`)], memory);
  expect(memory.forgotten).toBe(4);
  expect(fold('stableOrder', [listing('', ids, 'r1', '/v2/acme/p7/predictions')], memory)).toEqual(['held']);
  expect(fold('stableOrder', [listing('', ids, 'r1', '/v2/acme/p0/predictions')], memory)).toEqual(['-']);
});

test('the chat pair rules weigh the requests their states hold: long prompts past the byte bound forget the oldest', () => {
  const pair = pairOf('promptOnceForN');
  const memory = new PairMemory({ keys: 4096, bytes: 1024 * 1024 });
  const long = (i: number, n: number, prompt: number) =>
    answer({ n, messages: [{ role: 'user', content: `${i} ${'x'.repeat(100_000)}` }] }, ['a'], {
      prompt_tokens: prompt,
      completion_tokens: 1,
    });
  const feed = (a: ReturnType<typeof answer>, at: number) => memory.feed(pair, 'p', pair.halves.completion!(a)!, at);
  for (let i = 0; i < 20; i++) feed(long(i, 1, 9), i);
  // Ten requests of 100 kB fit in 1 MiB: the ten before them were forgotten, and counted.
  expect(memory.forgotten).toBe(10);
  expect(memory.report().forgotten).toBe(10);
  // The latest prompt is still judged with another n; the first starts afresh, unjudged.
  expect(feed(long(19, 3, 27), 20)).toMatchObject({ actual: 'prompt_tokens 27 with n = 3' });
  expect(feed(long(0, 3, 27), 21)).toBeUndefined();
});
