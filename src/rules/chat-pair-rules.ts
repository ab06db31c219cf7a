/**
 * @module The chat rules judged on more than one exchange (pairs.ts folds them): streamed and
 * unstreamed counts, seeded repeats, and prompt_tokens whatever n.
 */
import { chatFields } from '../core/package-root.js';
import { fieldsJson, isJsonObject, memo } from '../core/values.js';
import { type ChatBody, contentOf, greedyPairKey, streamedCountBreach } from './chat-answer.js';
import type { CompletionSeen, HalfOf, PairJudgement } from './evidence.js';
import { pairKey } from './pairs.js';
import { type Rule, chatRules } from './rule.js';

/** Halves kept per coarse key (distinct requests with one prompt: other n, other sampling). */
const KEPT_PER_KEY = 8;

/** The first choice's text and counts, as a whole answer shows them. */
interface AnswerLength {
  readonly streamed: boolean;
  readonly content: string;
  readonly completionTokens?: number;
  readonly tokenIds?: number;
}

function lengthOf(e: CompletionSeen): AnswerLength | undefined {
  const choice = Array.isArray(e.completion.choices) ? e.completion.choices[0] : undefined;
  const message = isJsonObject(choice) && isJsonObject(choice.message) ? choice.message : undefined;
  if (typeof message?.content !== 'string') return undefined;
  const usage = isJsonObject(e.completion.usage) ? e.completion.usage.completion_tokens : undefined;
  const ids = isJsonObject(choice) && Array.isArray(choice.token_ids) ? choice.token_ids.length : undefined;
  return {
    streamed: e.streamed,
    content: message.content,
    ...(typeof usage === 'number' ? { completionTokens: usage } : {}),
    ...(ids !== undefined ? { tokenIds: ids } : {}),
  };
}

const streamedCount: PairJudgement<AnswerLength, { streamed?: AnswerLength; plain?: AnswerLength }> = {
  halves: {
    completion: (e: CompletionSeen) => {
      const key = greedyPairKey(e.request);
      const half = key === undefined ? undefined : lengthOf(e);
      // Unstreamed, the count is usage's; streamed, the chunks' token ids or the usage chunk's.
      if (!half || (!half.streamed && half.completionTokens === undefined)) return undefined;
      return { key, half } as HalfOf<AnswerLength>;
    },
  },
  bytes: (s) => (s.streamed?.content.length ?? 0) + (s.plain?.content.length ?? 0),
  step(state, half) {
    const next = { ...state, [half.streamed ? 'streamed' : 'plain']: half };
    const { streamed, plain } = next;
    if (!streamed || !plain || plain.content !== streamed.content) return { state: next };
    const breach = streamedCountBreach(plain.content, plain.completionTokens!, streamed);
    return { state: next, verdict: breach ?? 'held' };
  },
};

/** The texts of a completion's choices, in index order. */
const contents = (c: ChatBody): string[] =>
  (Array.isArray(c.choices) ? c.choices : []).map((ch) => (isJsonObject(ch) ? contentOf(ch) : ''));

/** What a seeded repeat may change without changing its answer. */
const NOT_THE_SEEDED_ANSWER = new Set(['stream', 'stream_options', 'request_id']);

/** One seeded answer's texts, and its request as `PromptCount` keeps it. */
interface SeededAnswer extends WrittenRequest {
  readonly contents: readonly string[];
}

/** A seeded answer seen: a report carries its texts and what its request asked, not the request. */
class SeededSeen implements SeededAnswer {
  constructor(
    readonly contents: readonly string[],
    readonly text: string,
  ) {}
  toJSON(): SeededAnswer {
    return { contents: this.contents, key: fineKey(this, seededKeys, NOT_THE_SEEDED_ANSWER) };
  }
}

const seededKeys = new WeakMap<WrittenRequest, string>();
/** The same seeded request: the same text as written, else the same fields but those of NOT_THE_SEEDED_ANSWER. */
const sameSeeded = (a: SeededAnswer, b: SeededAnswer): boolean =>
  (a.text !== undefined && a.text === b.text) ||
  fineKey(a, seededKeys, NOT_THE_SEEDED_ANSWER) === fineKey(b, seededKeys, NOT_THE_SEEDED_ANSWER);

/** Keyed coarsely (the prompt and the seed), the first answer of each request under the key kept. */
const seeded: PairJudgement<SeededAnswer, SeededAnswer[]> = {
  halves: {
    completion: (e: CompletionSeen) => {
      const { request } = e;
      // The suite's check compares two plain answers; a stream is not judged here.
      if (!Number.isInteger(request.seed) || e.streamed) return undefined;
      const half = new SeededSeen(contents(e.completion), e.exchange.request.text ?? JSON.stringify(request));
      return { key: pairKey(coarsePromptKey(request), request.seed as number), half };
    },
  },
  bytes: (firsts) => firsts.reduce((n, f) => n + written(f) + f.contents.reduce((m, c) => m + c.length, 0), 0),
  step(firsts, half) {
    const first = firsts?.find((f) => sameSeeded(f, half));
    if (!first) return { state: keptLatest(firsts, half) };
    const same =
      first.contents.length === half.contents.length && first.contents.every((c, i) => c === half.contents[i]);
    return {
      state: firsts!,
      verdict: same
        ? 'held'
        : {
            expected: 'the same content as the same seeded request earlier',
            actual: `first ${JSON.stringify(first.contents)}, now ${JSON.stringify(half.contents)}`,
          },
    };
  },
};

/** Fields that change what is generated, never the prompt (data: fixtures/chat-fields.json). */
let notThePrompt: ReadonlySet<string> | undefined;

/**
 * A request as the client wrote it (parsed again only where two coarse keys meet; a kept string costs
 * the collector less than the request's tree); `key` once read back from a report.
 */
interface WrittenRequest {
  readonly text?: string;
  readonly key?: string;
}

/** One answer's prompt count, and its request. */
interface PromptCount extends WrittenRequest {
  readonly n: number;
  readonly prompt: number;
}

/** What a request as written holds, for the fold's bound. */
const written = (w: WrittenRequest): number => (w.text ?? w.key ?? '').length;

/** A request's text for pairing, `omit` left out (`fieldsJson`), made once per half. */
function fineKey(h: WrittenRequest, keys: WeakMap<WrittenRequest, string>, omit: ReadonlySet<string>): string {
  if (h.key !== undefined || h.text === undefined) return h.key ?? '';
  return memo(keys, h, () => fieldsJson(JSON.parse(h.text!) as ChatBody, omit));
}

const promptKeys = new WeakMap<WrittenRequest, string>();
/** What renders the prompt: the request but the fields of `notThePrompt`. */
const promptKey = (c: PromptCount): string => fineKey(c, promptKeys, (notThePrompt ??= chatFields('notThePrompt')));

/** A prompt count seen: a report carries what renders the prompt, not the request. */
class PromptSeen implements PromptCount {
  constructor(
    readonly n: number,
    readonly prompt: number,
    readonly text: string,
  ) {}
  toJSON(): PromptCount {
    return { n: this.n, prompt: this.prompt, key: promptKey(this) };
  }
}

/** Halves kept per coarse key: the latest `KEPT_PER_KEY`, in the key's own list (no other key holds it). */
function keptLatest<H>(list: H[] | undefined, half: H): H[] {
  const state = list ?? [];
  if (state.length >= KEPT_PER_KEY) state.shift();
  state.push(half);
  return state;
}

/** The request `coarsePromptKey` was asked of last, and its key (two rules ask of each request in turn). */
let lastCoarse: { request: ChatBody; key: string } | undefined;

/** A key the same prompt always has, cheap to make: the model, how many messages, the last one's text. */
function coarsePromptKey(request: ChatBody): string {
  if (lastCoarse?.request === request) return lastCoarse.key;
  const messages = Array.isArray(request.messages) ? request.messages : [];
  const last = messages.at(-1);
  const text = isJsonObject(last) && typeof last.content === 'string' ? last.content : '';
  const key = pairKey(String(request.model), messages.length, text.length, text.slice(0, 64));
  lastCoarse = { request, key };
  return key;
}

/**
 * Keyed coarsely (the model, how many messages, the last one's text), so that writing out the whole
 * prompt, which cost more than the rest of an exchange's judging, is done only where two values of n
 * meet under one coarse key.
 */
const promptOnce: PairJudgement<PromptCount, PromptCount[]> = {
  halves: {
    completion: (e: CompletionSeen) => {
      const n = e.request.n ?? 1;
      const prompt = isJsonObject(e.completion.usage) ? e.completion.usage.prompt_tokens : undefined;
      if (!Number.isInteger(n) || typeof prompt !== 'number' || e.streamed) return undefined;
      // The request as the client wrote it (written out only where a driver kept no text).
      const half = new PromptSeen(n as number, prompt, e.exchange.request.text ?? JSON.stringify(e.request));
      return { key: coarsePromptKey(e.request), half };
    },
  },
  bytes: (counts) => counts.reduce((n, c) => n + written(c), 0),
  step(counts, half) {
    let known: PromptCount | undefined;
    for (let i = (counts?.length ?? 0) - 1; i >= 0 && !known; i--)
      if (counts![i]!.n !== half.n && promptKey(counts![i]!) === promptKey(half)) known = counts![i];
    const state = keptLatest(counts, half);
    if (!known) return { state };
    return {
      state,
      verdict:
        known.prompt === half.prompt
          ? 'held'
          : {
              expected: `prompt_tokens ${known.prompt}, as for the same prompt with n = ${known.n}`,
              actual: `prompt_tokens ${half.prompt} with n = ${half.n}`,
            },
    };
  },
};

/** One answer's cached prompt tokens, and the request text it answered (the same text: the same prompt). */
interface CachedCount {
  readonly cached: number;
  readonly text: string;
}

const prefixCache: PairJudgement<CachedCount, CachedCount> = {
  halves: {
    completion: (e: CompletionSeen) => {
      const details = isJsonObject(e.completion.usage) ? e.completion.usage.prompt_tokens_details : undefined;
      const cached = isJsonObject(details) ? details.cached_tokens : undefined;
      const text = e.exchange.request.text;
      if (!Number.isInteger(cached) || text === undefined || e.streamed) return undefined;
      return { key: coarsePromptKey(e.request), half: { cached: cached as number, text } };
    },
  },
  bytes: (c) => c.text.length,
  step(before, half) {
    if (!before || before.text !== half.text) return { state: half };
    return {
      state: half,
      verdict:
        half.cached >= before.cached
          ? 'held'
          : {
              expected: `cached_tokens at least ${before.cached}, as the same request reported earlier`,
              actual: `cached_tokens ${half.cached}`,
            },
    };
  },
};

export const CHAT_PAIR_RULES: Readonly<
  Record<'streamedCount' | 'seededDeterminism' | 'promptOnceForN' | 'prefixCacheRepeat', Rule>
> = chatRules({
  streamedCount: {
    id: 'streaming.token-count-matches-non-streamed',
    level: 'SHOULD',
    convention:
      'vLLM streaming usage: the token_ids of the chunks add up to usage.completion_tokens of the same request unstreamed (vLLM streaming tests)',
    requirement:
      'A greedy seeded chat request (temperature 0, a seed, one choice) that gives the same text streamed and unstreamed gives the same number of completion tokens: token ids over the chunks and the usage chunk, against usage unstreamed.',
    needs: 'the same greedy seeded chat request seen streamed and unstreamed (the pair), with the same text',
    slot: 'pair',
    pair: streamedCount,
  },
  seededDeterminism: {
    id: 'chat-completions.seeded-determinism',
    level: 'INFO',
    requirement: 'The same request with the same seed gives the same output (observation).',
    needs: 'the same chat request with a seed seen twice',
    slot: 'pair',
    pair: seeded,
  },
  promptOnceForN: {
    id: 'chat-completions.prompt-tokens-once-for-n',
    level: 'SHOULD',
    convention: 'OpenAI/vLLM usage accounting: the prompt is processed once, whatever n (vLLM and SGLang usage tests)',
    requirement:
      'usage.prompt_tokens is the same for n = 3 as for n = 1 with the same messages: the prompt is counted once, not once per choice.',
    needs: 'the same prompt (messages and what renders them) answered with two values of n',
    slot: 'pair',
    pair: promptOnce,
  },
  prefixCacheRepeat: {
    id: 'chat-completions.prefix-cache-serves-repeat',
    level: 'INFO',
    convention:
      'vLLM automatic prefix caching: a prompt served before is served from the cache (prefix caching is a deployment choice)',
    requirement:
      'The same request sent again reports at least as many usage.prompt_tokens_details.cached_tokens as it did the first time (observation).',
    needs: 'the same chat request seen twice, both answers with usage.prompt_tokens_details.cached_tokens',
    slot: 'pair',
    pair: prefixCache,
  },
});
