/** @module Planted faults for the streaming checks (§4.1 `stream: true`): events, headers or encoding broken. */
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import type { MockRequest, MockResponse } from '../types.js';
import {
  DONE_EVENT,
  isChat,
  jsonBodyOf,
  parseEvent,
  rewriteChatStream,
  rewriteChunks,
  rewriteEvents,
  sseFrame,
  type Json,
} from './rewrite.js';
import { faultTable, type Fault } from './types.js';
import { openaiError } from '../errors.js';
import { readStream } from '../request.js';

type Chunk = Json & {
  choices?: Array<Json & { index?: number; delta?: Json }> | undefined;
  usage?: Json & { prompt_tokens: number; completion_tokens: number; total_tokens: number };
};

type Choice = NonNullable<Chunk['choices']>[number];

/** Rewrites each choice of every chunk of a chat stream. */
const mapChoices = (edit: (choice: Choice) => Choice) =>
  rewriteChunks<Chunk>((c) => ({ ...c, choices: c.choices?.map(edit) }));

const isChatStream = (req: MockRequest, res: MockResponse): boolean => isChat(req) && res.stream !== undefined;

const st = (rule: string): string => `streaming.${rule}`;

/** Rewrites the usage chunk (no choices, a usage) of a chat stream. */
const rewriteUsageChunk = (edit: (c: Chunk & { usage: NonNullable<Chunk['usage']> }) => Chunk | undefined) =>
  rewriteChunks<Chunk>((c) =>
    c.choices?.length === 0 && c.usage ? edit(c as Chunk & { usage: NonNullable<Chunk['usage']> }) : c,
  );

export const streamingFaults: readonly Fault[] = faultTable({
  'streaming.wrong-content-type': {
    description: 'Streams are labelled application/json instead of text/event-stream.',
    breaks: [st('event-stream-content-type')],
    after: (req, res) =>
      isChatStream(req, res) ? { ...res, headers: { ...res.headers, 'content-type': 'application/json' } } : res,
  },
  'streaming.non-json-payload': {
    description: 'A data: payload that is not JSON (a Python repr) follows the first chunk.',
    breaks: [st('data-payloads-are-json')],
    after: rewriteEvents((event, i) => (i === 0 ? [event, "data: {'partial': True}\n\n"] : event)),
  },
  'streaming.events-after-done': {
    description: 'A chunk follows data: [DONE_EVENT].',
    breaks: [st('done-is-last')],
    after: rewriteEvents((event) =>
      event === DONE_EVENT ? [DONE_EVENT, sseFrame({ object: 'chat.completion.chunk', choices: [] })] : event,
    ),
  },
  'streaming.no-done': {
    description: 'The stream ends after its last chunk without data: [DONE_EVENT].',
    breaks: [st('ends-with-done')],
    after: rewriteEvents((event) => (event === DONE_EVENT ? [] : event)),
  },
  'streaming.cut-mid-event': {
    description:
      'The body ends inside an event (half a chunk, no blank line, no [DONE_EVENT]): a worker died mid-stream.',
    breaks: [st('ends-with-done')],
    after: rewriteEvents((event, i) => (i === 2 ? event.slice(0, Math.floor(event.length / 2)) : i > 2 ? [] : event)),
  },
  'streaming.error-event-mid-stream': {
    description: 'After two chunks the stream sends data: {"error": …} then data: [DONE_EVENT].',
    breaks: [st('no-error-event')],
    after: rewriteEvents((event, i) =>
      i === 2 ? [sseFrame(openaiError(500, 'The engine died while generating').json), DONE_EVENT] : i > 2 ? [] : event,
    ),
  },
  'streaming.chunk-object-mislabelled': {
    description: 'Chunks say object "chat.completion" instead of "chat.completion.chunk".',
    breaks: [st('chunks-are-chat-completion-chunks')],
    after: rewriteChunks<Chunk>((c) => ({ ...c, object: 'chat.completion' })),
  },
  'streaming.id-changes': {
    description: 'Each chunk carries a different id.',
    breaks: [st('one-id-across-chunks')],
    after: rewriteChunks<Chunk>((c, i) => ({ ...c, id: `${String(c.id)}-${i}` })),
  },
  'streaming.role-missing': {
    description: 'The first delta of each choice has no role.',
    breaks: [st('role-in-first-delta'), st('reassembles-to-valid-completion')],
    after: mapChoices((ch) => ({ ...ch, delta: { ...ch.delta, role: undefined } })),
  },
  'streaming.second-choice-role-missing': {
    description: 'With n > 1, the first delta of choice 1 has no role (choice 0 keeps its "assistant").',
    breaks: [st('role-in-first-delta'), st('reassembles-to-valid-completion')],
    after: mapChoices((ch) => (ch.index === 1 ? { ...ch, delta: { ...ch.delta, role: undefined } } : ch)),
  },
  'streaming.second-choice-finishes-twice': {
    description: 'With n > 1, the finish chunk of choice 1 (and only of choice 1) is sent twice.',
    breaks: [st('one-finish-reason-per-choice')],
    after: rewriteChunks<Chunk>((c) => {
      const second = c.choices?.find((ch) => ch.index === 1 && ch.finish_reason != null);
      return second ? [c, { ...c, choices: [{ ...second, delta: {} }] }] : c;
    }),
  },
  'streaming.model-missing-after-first-chunk': {
    description: 'Every chunk after the first leaves out model (the first still names it).',
    breaks: [st('chunks-are-chat-completion-chunks')],
    after: rewriteChunks<Chunk>((c, i) => {
      if (i === 0) return c;
      const { model: _m, ...rest } = c;
      return rest;
    }),
  },
  'streaming.finish-reason-repeated': {
    description: 'The finish chunk of each choice is sent twice.',
    breaks: [st('one-finish-reason-per-choice')],
    after: rewriteChunks<Chunk>((c) =>
      c.choices?.some((ch) => ch.finish_reason != null)
        ? [c, { ...c, choices: c.choices.map((ch) => ({ ...ch, delta: {} })) }]
        : c,
    ),
  },
  'streaming.finish-reason-missing': {
    description: 'No chunk carries a finish_reason.',
    breaks: [st('one-finish-reason-per-choice'), st('reassembles-to-valid-completion')],
    after: mapChoices((ch) => ({ ...ch, finish_reason: null })),
  },
  'streaming.choice-indices-from-one': {
    description: 'Choice indices in chunks start at 1.',
    breaks: [st('contiguous-choice-indices')],
    after: mapChoices((ch) => ({ ...ch, index: (ch.index ?? 0) + 1 })),
  },
  'streaming.last-choice-dropped': {
    description: 'The chunks of the last choice (index n-1, n > 1) are never sent.',
    breaks: [st('contiguous-choice-indices'), st('reassembles-to-valid-completion')],
    after: (req, res) => {
      const n = Number(jsonBodyOf(req)?.n ?? 1);
      return rewriteChunks<Chunk>((c) => {
        if (n < 2 || !c.choices?.length) return c;
        const kept = c.choices.filter((ch) => ch.index !== n - 1);
        return kept.length ? { ...c, choices: kept } : undefined;
      })(req, res);
    },
  },
  'streaming.usage-chunk-missing': {
    description: 'stream_options.include_usage is ignored: no usage chunk.',
    breaks: [st('usage-chunk-last-and-adds-up'), st('reassembles-to-valid-completion')],
    after: rewriteUsageChunk(() => undefined),
  },
  'streaming.usage-chunk-always': {
    description: 'A usage chunk (choices: []) ends every stream, include_usage or not, as some hosted deployments do.',
    breaks: [st('no-usage-unless-asked')],
    after: rewriteChatStream(async function* (source) {
      let last: Chunk | undefined;
      let usageSent = false;
      for await (const event of source) {
        const c = parseEvent<Chunk>(event);
        if (c?.usage && c.choices?.length === 0) usageSent = true;
        else if (c) last = c;
        if (event.startsWith('data: [DONE]') && !usageSent && last) {
          const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
          yield `data: ${JSON.stringify({ id: last.id, object: last.object, created: last.created, model: last.model, choices: [], usage })}\n\n`;
        }
        yield event;
      }
    }),
  },
  'streaming.usage-chunk-does-not-add-up': {
    description: 'The usage chunk reports total_tokens one more than prompt + completion.',
    breaks: [st('usage-chunk-last-and-adds-up')],
    after: rewriteUsageChunk((c) => ({ ...c, usage: { ...c.usage, total_tokens: c.usage.total_tokens + 1 } })),
  },
  'streaming.usage-chunk-first': {
    description: 'The usage chunk is sent before the choice chunks instead of last.',
    breaks: [st('usage-chunk-last-and-adds-up')],
    after: rewriteChatStream(async function* (source) {
      const held: string[] = [];
      for await (const event of source) {
        const c = parseEvent<Chunk>(event);
        if (c && c.choices?.length === 0 && c.usage) yield event;
        else held.push(event);
      }
      yield* held;
    }),
  },
  'streaming.prompt-token-ids-on-every-chunk': {
    description: 'With return_token_ids, every chunk repeats prompt_token_ids.',
    breaks: [st('return-token-ids-deltas')],
    after: (req, res) => {
      let first: unknown;
      return rewriteChunks<Chunk>((c) => {
        first ??= c.prompt_token_ids;
        return first === undefined ? c : { ...c, prompt_token_ids: first };
      })(req, res);
    },
  },
  'streaming.token-ids-missing': {
    description: 'With return_token_ids, content deltas carry no token_ids.',
    breaks: [st('return-token-ids-deltas')],
    after: mapChoices(({ token_ids: _t, ...ch }) => ch),
  },
  'streaming.prompt-tokens-miscounted': {
    description: 'The usage chunk counts one prompt token more than the non-streamed answer (and adds up).',
    breaks: [st('reassembles-to-valid-completion')],
    after: rewriteUsageChunk((c) => ({
      ...c,
      usage: { ...c.usage, prompt_tokens: c.usage.prompt_tokens + 1, total_tokens: c.usage.total_tokens + 1 },
    })),
  },
  'streaming.buffered': {
    description: 'The whole stream is held back and sent in one burst 400 ms after the request.',
    breaks: [st('timing')],
    after: rewriteChatStream(async function* (source) {
      const all = await readStream(source);
      await sleep(400);
      yield all;
    }),
  },
  'streaming.gzip-front-buffers': {
    description:
      'As behind nginx with gzip on: the stream is held until it ends, then sent gzip-compressed (Content-Encoding: gzip) in one burst, without delay.',
    breaks: [st('timing')],
    after: async (req, res) => {
      if (!isChatStream(req, res)) return res;
      const text = await readStream(res.stream!);
      const { 'content-length': _l, ...headers } = res.headers;
      return {
        status: res.status,
        headers: { ...headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' },
        body: gzipSync(text),
      };
    },
  },
});
