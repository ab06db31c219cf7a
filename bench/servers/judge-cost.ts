/**
 * @module Child process: the CPU `conformance proxy`'s judge takes per exchange, without the network.
 * One JSON chat exchange and one streamed are answered once by the bundled mock (its node adapter, on
 * loopback), then fed again and again to one `ProxySession` as the proxy feeds it (request body,
 * status and headers, the answer in one chunk). Beside each, `JSON.parse` of the same exchange's JSON
 * (the request, and the answer or each event's data): work any judge must do, which a faster or
 * slower machine speeds up or slows down as it does the judge. Batches of the two alternate; the
 * median of the per-round ratios is printed as one JSON line, with the medians in µs.
 */
import { request } from 'undici';
import { startMockServer } from '../../mock/index.js';
import { ProxySession } from '../../src/proxy/session.js';
import { CHAT_HEADERS, CHAT_PATH } from '../lib/chat-load.js';
import { median } from '../lib/load.js';
import { chatRequest } from '../lib/requests.js';

const rounds = Number(process.argv[2] ?? 12);
/** Exchanges per batch: JSON, then streamed (a streamed one costs several times a JSON one). */
const BATCH = { json: 3_000, streamed: 600 } as const;
/** Rounds left out at the start, while the judge's code is compiled. */
const WARM_ROUNDS = 2;

interface Canned {
  readonly requestText: string;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly answer: string;
  /** Every JSON text of the exchange, for the baseline. */
  readonly jsonTexts: readonly string[];
}

async function answered(body: string): Promise<Canned> {
  const mock = await startMockServer({ host: '127.0.0.1', port: 0 });
  try {
    const r = await request(mock.url + CHAT_PATH, { method: 'POST', headers: CHAT_HEADERS, body });
    const answer = await r.body.text();
    if (r.statusCode !== 200) throw new Error(`the mock answered ${r.statusCode}: ${answer.slice(0, 200)}`);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) headers[k] = String(v);
    const streamed = headers['content-type']?.startsWith('text/event-stream') ?? false;
    const events = answer
      .split('\n')
      .filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]')
      .map((l) => l.slice(6));
    return {
      requestText: body,
      status: r.statusCode,
      headers,
      answer,
      jsonTexts: [body, ...(streamed ? events : [answer])],
    };
  } finally {
    await mock.close();
  }
}

const session = new ProxySession({ target: 'http://127.0.0.1:1', maxBodyBytes: 4 * 1024 * 1024, replay: 'bench' });

/** CPU µs per exchange of `n` exchanges judged. */
function judged(c: Canned, n: number): number {
  const requestBody = Buffer.from(c.requestText);
  const answer = Buffer.from(c.answer);
  const headers = { ...CHAT_HEADERS, 'content-length': String(requestBody.length), host: '127.0.0.1' };
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const judge = session.open('POST', CHAT_PATH, headers);
    judge.requestChunk(requestBody);
    judge.requestEnd();
    judge.responseHead(c.status, c.headers);
    judge.responseChunk(answer);
    judge.responseEnd();
  }
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / n;
}

/** CPU µs per exchange of parsing its JSON `n` times (the bytes made text, as the judge does). */
function parsed(c: Canned, n: number): number {
  const buffers = c.jsonTexts.map((t) => Buffer.from(t));
  let kept: unknown;
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) for (const b of buffers) kept = JSON.parse(b.toString('utf8'));
  const t = process.cpuUsage(t0);
  if (kept === undefined) throw new Error('nothing parsed');
  return (t.user + t.system) / n;
}

const canned = { json: await answered(chatRequest()), streamed: await answered(chatRequest(true)) };
const out: Record<string, { judgeUs: number; parseUs: number; ratio: number; events: number }> = {};
const seen = {
  json: { judge: [] as number[], parse: [] as number[], ratio: [] as number[] },
  streamed: { judge: [] as number[], parse: [] as number[], ratio: [] as number[] },
};
for (let r = 0; r < rounds + WARM_ROUNDS; r++)
  for (const kind of ['json', 'streamed'] as const) {
    const judge = judged(canned[kind], BATCH[kind]);
    const parse = parsed(canned[kind], BATCH[kind]);
    if (r < WARM_ROUNDS) continue;
    seen[kind].judge.push(judge);
    seen[kind].parse.push(parse);
    seen[kind].ratio.push(judge / parse);
  }
for (const kind of ['json', 'streamed'] as const)
  out[kind] = {
    judgeUs: median(seen[kind].judge),
    parseUs: median(seen[kind].parse),
    ratio: median(seen[kind].ratio),
    events: canned[kind].jsonTexts.length - 1,
  };
const broken = session.findings.all().filter((g) => g.failed > 0 || g.errored > 0);
if (broken.length) {
  // A broken exchange's figure is not a conformant exchange's: said on one line, no figure printed.
  process.stderr.write(`judge-cost: the mock's answers broke ${broken.map((g) => g.id).join(', ')}\n`);
  process.exit(1);
}
process.stdout.write(`${JSON.stringify(out)}\n`);
