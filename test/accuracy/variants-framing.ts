/**
 * @module Conformant variants of the mock that frame and pace the same answers otherwise: HTTP
 * (writes cut anywhere, `Connection: close`, gzip, extra headers), Server-Sent Events (comments,
 * CRLF, `data:` without a space, `id:`/`retry:` fields, tiny writes, the usage chunk always sent),
 * JSONL (CRLF, no final newline, blank lines, another stable order, a page-size cap, the service's
 * own query names), latency, and request reading (pydantic 1's coercion, 64-bit seeds).
 */
import { DEFAULT_LIST_PARAMS } from '../../src/core/defaults.js';
import { isOperation, jsonBodyOf, recordPathOf, withJson } from '../../mock/faults/rewrite.js';
import type { MockRequest } from '../../mock/types.js';
import { pydantic1Variant } from '../helpers/pydantic1-variant.js';
import { bodyText, type Variant, type VariantHandler } from '../helpers/variant-server.js';
import type { ConformantVariant, MustOnlyVariant } from './variant-model.js';
import { editBodies, encodeWhenAccepted, jsonAnswer, jsonOf, mapEvents, splitWrites } from './variant-rewrites.js';

/** A handler rewriting the whole text of successful listings. */
function listingText(edit: (text: string) => string, headers: Record<string, string> = {}): VariantHandler {
  return async (req, handle) => {
    const res = await handle(req);
    if (!recordPathOf(req)?.list || res.status !== 200) return res;
    return { status: 200, headers: { ...res.headers, ...headers }, body: edit(await bodyText(res)) };
  };
}

const { limit: LIMIT, offset: OFFSET } = DEFAULT_LIST_PARAMS;

/** Records in reverse of the mock's order, the filter applied first and then offset and limit, as the mock does. */
const reversedOrder: VariantHandler = async (req, handle) => {
  if (!recordPathOf(req)?.list) return handle(req);
  const checked = await handle(req);
  if (checked.status !== 200) return checked;
  await bodyText(checked);
  const query = new URLSearchParams(req.query);
  const offset = Number(query.get(OFFSET) ?? 0);
  const limit = query.has(LIMIT) ? Number(query.get(LIMIT)) : Number.POSITIVE_INFINITY;
  query.delete(OFFSET);
  query.delete(LIMIT);
  const all = await handle({ ...req, query });
  const lines = (await bodyText(all)).split('\n').filter((l) => l.trim() !== '');
  const page = lines.reverse().slice(offset, offset + limit);
  return { status: 200, headers: all.headers, body: page.map((l) => `${l}\n`).join('') };
};

/** At most 50 records per listing, whatever limit is asked (a server's own page size). */
const pageSizeCap: VariantHandler = (req, handle) => {
  if (!recordPathOf(req)?.list) return handle(req);
  const query = new URLSearchParams(req.query);
  const asked = Number(query.get(LIMIT) ?? 50);
  query.set(LIMIT, String(Number.isInteger(asked) && asked >= 0 ? Math.min(asked, 50) : query.get(LIMIT)));
  return handle({ ...req, query });
};

const OWN_NAMES: Record<string, string> = { run: DEFAULT_LIST_PARAMS.evaluationRunId, max: LIMIT, skip: OFFSET };

/** The service knows only its own query names (`run`, `max`, `skip`): the mock's are ignored if sent. */
const ownQueryNames: VariantHandler = (req, handle) => {
  if (!recordPathOf(req)?.list) return handle(req);
  const query = new URLSearchParams();
  for (const [k, v] of req.query) if (OWN_NAMES[k]) query.append(OWN_NAMES[k], v);
  return handle({ ...req, query });
};

/** Asks the mock for the usage chunk on every stream, as hosted deployments that always send it. */
function alwaysUsage(req: MockRequest): MockRequest {
  const body = isOperation(req, 'chat.create') ? jsonBodyOf(req) : undefined;
  if (body?.stream !== true) return req;
  const options = typeof body.stream_options === 'object' && body.stream_options !== null ? body.stream_options : {};
  return withJson(req, { ...body, stream_options: { ...options, include_usage: true } });
}

const INT64_MAX = 9223372036854775807n;

/** Seeds read as signed 64-bit integers: the sliver between int64 and the printed §8 bound is refused. */
function int64Seeds(req: MockRequest) {
  if (!isOperation(req, 'chat.create') || !req.body) return req;
  const m = /"seed"\s*:\s*(-?\d+)(?![\d.eE])/.exec(new TextDecoder().decode(req.body));
  const v = m ? BigInt(m[1]!) : 0n;
  return v > INT64_MAX || v < -INT64_MAX - 1n
    ? jsonAnswer(400, {
        error: { message: `seed ${v} out of range for int64`, type: 'BadRequestError', param: 'seed', code: 400 },
      })
    : req;
}

const withHeaders = (extra: Record<string, string>): Variant => ({
  after: (_req, res) => ({ ...res, headers: { ...res.headers, ...extra } }),
});

/** JSON answers re-serialised by `write` (pretty-printed, ASCII-escaped, …). */
const reserialised = (write: (json: unknown) => string): Variant => ({
  after: (_req, res) => {
    const json = jsonOf(res);
    return json === undefined ? res : { status: res.status, headers: res.headers, body: write(json) };
  },
});

const asciiOnly = (json: unknown): string =>
  JSON.stringify(json).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Each event's JSON pretty-printed, one `data:` line per line of it (the SSE reader joins them with newlines). */
const multilineData = (event: string): string => {
  const m = /^data: (\{.*\})\n\n$/s.exec(event);
  if (!m) return event;
  const lines = JSON.stringify(JSON.parse(m[1]!), null, 2).split('\n');
  return `${lines.map((l) => `data: ${l}`).join('\n')}\n\n`;
};

/** A CPU engine's pace and slots (llama.cpp `--parallel 4`): it queues whatever its slots do not hold. */
const CPU_ENGINE = {
  maxConcurrency: 4,
  maxQueued: 1_000,
  streamTtftMs: 150,
  streamItlMs: 50,
  paceWholeAnswers: true,
} as const;

export const FRAMING_VARIANTS: readonly ConformantVariant[] = [
  {
    id: 'json-pretty-printed',
    description:
      "JSON answers are pretty-printed with two-space indents and newlines, as Django REST framework's browsable renderer or `indent=2` serializers write them.",
    variant: reserialised((j) => `${JSON.stringify(j, null, 2)}\n`),
  },
  {
    id: 'json-ascii-escaped',
    description:
      "JSON answers escape every non-ASCII character as `\\uXXXX`, as Python's json.dumps (ensure_ascii=True) and Flask's jsonify write them.",
    variant: reserialised(asciiOnly),
  },
  {
    id: 'sse-multiline-data',
    description:
      "Each event's JSON is pretty-printed over several `data:` lines (joined by the SSE reader), as Spring's SseEmitter sends a pretty-printed Jackson payload.",
    variant: { after: mapEvents(multilineData) },
  },
  {
    id: 'http-writes-cut-anywhere',
    description:
      "JSON answers are sent chunked in 7-byte writes, cut anywhere (inside a UTF-8 sequence too), as a server streaming its serializer's output does.",
    variant: splitWrites(7),
  },
  {
    id: 'http-connection-close',
    description:
      'Every answer carries `Connection: close` and the socket is closed after it, as nginx with keepalive_timeout 0 or an HTTP/1.0 proxy does.',
    variant: withHeaders({ connection: 'close' }),
  },
  {
    id: 'http-gzip',
    description:
      'Answers (JSON, event streams flushed event by event, JSONL) are gzip-encoded when the request accepts gzip, as nginx `gzip on` or a GZipMiddleware does.',
    variant: encodeWhenAccepted('gzip'),
  },
  {
    id: 'http-deflate',
    description:
      'Answers are deflate-encoded (zlib-wrapped, RFC 9110) when the request accepts deflate, streams flushed event by event, as Apache mod_deflate or a server preferring deflate answers.',
    variant: encodeWhenAccepted('deflate'),
  },
  {
    id: 'json-content-type-no-space',
    description:
      'JSON answers are `application/json;charset=UTF-8` (no space, upper-case charset), as Spring Boot writes it.',
    variant: {
      after: (_req, res) =>
        /^application\/json\s*(;|$)/i.test(res.headers['content-type'] ?? '')
          ? { ...res, headers: { ...res.headers, 'content-type': 'application/json;charset=UTF-8' } }
          : res,
    },
  },
  {
    id: 'http-proxy-headers',
    description:
      'Every answer carries the headers of nginx in front of uvicorn (Server, Via, X-Process-Time, Cache-Control no-store, CORS, X-Accel-Buffering no).',
    variant: withHeaders({
      server: 'nginx/1.24.0',
      via: '1.1 nginx',
      'x-process-time': '0.0042',
      'cache-control': 'no-store',
      'access-control-allow-origin': '*',
      'x-accel-buffering': 'no',
    }),
  },
  {
    id: 'sse-ping-comments',
    description:
      'Event streams open with a `: ping` comment and carry keep-alive comments between events, as sse-starlette and OpenAI-style proxies send.',
    variant: {
      after: mapEvents((e, i) => (i === 0 ? [': ping - 2025-01-01 00:00:00\n\n', e] : [e, ': keep-alive\n\n'])),
    },
  },
  {
    id: 'sse-crlf',
    description:
      'Event streams end their lines with CRLF (allowed by the SSE grammar), as some ASP.NET and Go servers write them.',
    variant: { after: mapEvents((e) => e.replace(/\n/g, '\r\n')) },
  },
  {
    id: 'sse-data-no-space',
    description:
      "Events are written `data:{…}` without the optional space, as llama.cpp's server and some Go SSE libraries do.",
    variant: { after: mapEvents((e) => e.replace(/^data: /gm, 'data:')) },
  },
  {
    id: 'sse-id-retry-fields',
    description:
      "Event streams open with a `retry: 3000` field and give every event an `id:` (and `event: message`), as sse-starlette's EventSourceResponse writes them.",
    variant: { after: mapEvents((e, i) => `${i === 0 ? 'retry: 3000\n' : ''}id: ${i}\nevent: message\n${e}`) },
  },
  {
    id: 'sse-byte-order-mark',
    description:
      'The event stream opens with a UTF-8 byte order mark, which the SSE reader strips (WHATWG HTML §9.2.5), as .NET StreamWriter with UTF8Encoding(true) writes it.',
    variant: { after: mapEvents((e, i) => (i === 0 ? `\uFEFF${e}` : e)) },
  },
  {
    id: 'sse-usage-null-on-chunks',
    description:
      'Every chunk without usage carries `"usage": null`, as OpenAI\'s API streams when include_usage is set.',
    variant: { after: editBodies({ chunk: (c) => void (c.usage ??= null) }) },
  },
  {
    id: 'sse-tiny-writes',
    description:
      'Each event is sent in 3-byte writes, as a TCP path of small segments or a proxy re-chunking the stream delivers it.',
    variant: { after: mapEvents((e) => e.match(/[\s\S]{1,3}/g) ?? []) },
  },
  {
    id: 'sse-media-type-parameters',
    description:
      'Event streams are `Text/Event-Stream; charset=UTF-8` with `Cache-Control: no-cache` (media types are case-insensitive).',
    variant: {
      after: mapEvents(
        (e) => e,
        (h) => ({ ...h, 'content-type': 'Text/Event-Stream; charset=UTF-8', 'cache-control': 'no-cache' }),
      ),
    },
  },
  {
    id: 'jsonl-crlf-no-final-newline',
    description:
      'Listings end their lines with CRLF and have no final newline, as `application/x-ndjson; charset=utf-8`, as NDJSON writers on Windows stacks send.',
    variant: listingText((t) => t.replace(/\n/g, '\r\n').replace(/\r\n$/, ''), {
      'content-type': 'application/x-ndjson; charset=utf-8',
    }),
  },
  {
    id: 'jsonl-blank-lines',
    description: 'Listings have a blank line between records (NDJSON readers skip them).',
    variant: listingText((t) => t.replace(/\n/g, '\n\n')),
  },
  {
    id: 'records-reversed-order',
    description:
      "Listings are in another stable order (newest first: the reverse of the mock's), the filter applied first and then offset and limit.",
    variant: reversedOrder,
  },
  {
    id: 'records-page-size-cap-50',
    description: 'A listing holds at most 50 records whatever limit is asked (§8: the maximum page size is not shown).',
    variant: pageSizeCap,
  },
  {
    id: 'records-own-query-names',
    description:
      'The record service names its query parameters `run`, `max` and `skip` (§4.5: names not shown), configured as listParams.',
    variant: ownQueryNames,
    target: { listParams: { evaluationRunId: 'run', limit: 'max', offset: 'skip' } },
  },
  {
    id: 'latency-20ms',
    description: 'Every answer takes 20 ms more, as a server some distance away.',
    variant: {},
    mock: { latencyMs: 20 },
  },
  {
    id: 'stream-paced',
    description:
      'Event streams are paced like a real model: the first event 40 ms after the headers, then one every 4 ms.',
    variant: {},
    mock: { streamTtftMs: 40, streamItlMs: 4 },
  },
  {
    id: 'cpu-engine-four-slots',
    description:
      'A llama.cpp server on a CPU: 4 slots, every request beyond them queued, 50 ms a token streamed or not (the first after 150 ms); run with `--concurrency 4` and the default 10 s `--timeout`.',
    variant: {},
    mock: CPU_ENGINE,
    realTime: true,
    run: { concurrency: 4, timeoutMs: 10_000, deadlineMs: 30 * 60_000 },
  },
  {
    id: 'other-model-outputs',
    description:
      "Another model: every chat answer says other words and the records hold other data (the mock's seed 99).",
    variant: {},
    mock: { seed: 99 },
  },
  {
    id: 'priority-scheduling',
    description:
      'The served model uses priority scheduling (vLLM `--scheduling-policy priority`), so non-zero priorities are accepted; configured so.',
    variant: {},
    mock: { priorityScheduling: true },
    target: { priorityScheduling: true },
  },
  {
    id: 'few-records',
    description: 'A project holding only 3 predictions and 3 scores, as a new evaluation project does.',
    variant: {},
    mock: { records: 3 },
  },
  {
    id: 'body-limit-256k',
    description:
      'Request bodies over 256 KiB are refused with 413 (§8: request size limits not shown), as nginx `client_max_body_size 256k` does.',
    variant: {},
    mock: { maxBodyBytes: 256 * 1024 },
  },
  {
    id: 'load-shedding-429',
    description:
      "At most 4 requests are served at once and 4 more queued; the rest are shed with 429 and Retry-After, as a hosted deployment's concurrency limit does.",
    variant: {},
    mock: { maxConcurrency: 4 },
  },
  {
    id: 'small-context-window',
    description:
      "A small deployment's 2,048-token context window: a chat request over it is refused with vLLM's 400 wording.",
    variant: {},
    mock: { maxContextTokens: 2048 },
  },
  {
    id: 'pydantic1-coercion',
    description:
      'Request bodies are read with pydantic 1\'s coercions (numbers for strings, "yes" for true, truncated floats, nulls dropped), as FastAPI 0.92 / pydantic 1.10 services do.',
    variant: pydantic1Variant(),
  },
  {
    id: 'seed-int64',
    description:
      'Chat seeds are read as signed 64-bit integers: the sliver between 2^63−1 and the printed §8 bound is refused with 400, as vLLM (a C long) does.',
    variant: { before: int64Seeds },
  },
];

/** Conformant at level must; departs from vLLM's usage policy (variant-model.ts, MustOnlyVariant). */
export const ALWAYS_USAGE_VARIANT: MustOnlyVariant = {
  id: 'sse-always-usage',
  description:
    'Every stream ends with the usage chunk (`choices: []`) whether or not include_usage was asked, as some hosted deployments send it.',
  variant: { before: alwaysUsage },
  departsFrom: 'streaming.no-usage-unless-asked',
  why: "vLLM's usage policy (its test_usage_policy) sends usage only when stream_options.include_usage asks, since a client reading choices[0] of every chunk breaks on a usage chunk; the SHOULD check flags this by design.",
};
