/** @module The evaluation records (§2.1, §2.2) of one project, computed on demand and written as JSON lines. */
import { hash53, mix32 } from '../util/hash.js';
import { createRng, type Rng } from '../util/prng.js';
import { timestampOf, uuidV7Like } from './ids.js';
import { recordSeed, recordWords, type RecordSeed } from './seed.js';

export type RecordKind = 'prediction' | 'score';

export interface RecordSourceConfig {
  entity: string;
  project: string;
  records: number;
  seed: number;
}

/** Which indices a listing yields: `count` indices from `start`, `stride` apart. */
export interface Selection {
  start: number;
  stride: number;
  count: number;
}

export interface ListFilter {
  evaluationRunId?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

const WORD_POOL_SEED = 20261121;
let capitalised: readonly string[] | undefined;

/** Sentences per word count, built once from the pool; a record picks one with a single draw. */
const SENTENCES_PER_LENGTH = 512;
const sentencePools = new Map<string, string[]>();

/** A sentence of `words` pool words ending in `end` (plain ASCII letters: no JSON escaping needed). */
function sentence(rng: Rng, words: number, end: string): string {
  const key = `${words}${end}`;
  let pool = sentencePools.get(key);
  if (!pool) {
    const build = createRng(WORD_POOL_SEED ^ (words * 31 + end.charCodeAt(0)));
    const pick = recordWords();
    const starts = (capitalised ??= pick.map((w) => w[0]!.toUpperCase() + w.slice(1)));
    pool = Array.from({ length: SENTENCES_PER_LENGTH }, () => {
      let out = starts[build.int(starts.length)]!;
      for (let i = 1; i < words; i++) out += ' ' + pick[build.int(pick.length)]!;
      return flat(out + end);
    });
    sentencePools.set(key, pool);
  }
  return pool[rng.int(SENTENCES_PER_LENGTH)]!;
}

/** The same text as one flat string (one built by `+=` is a tree of pieces every splice would walk again). */
function flat(text: string): string {
  return Buffer.from(text, 'latin1').toString('latin1');
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const DAY_MS = 86_400_000;
let cachedDay = NaN;
let cachedDayPrefix = '';

/** `Date#toISOString` for a UTC timestamp, without a Date per record (the day's prefix is cached). */
function isoAt(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDayPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  let rest = ms - day * DAY_MS;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const sec = Math.floor(rest / 1000);
  return `${cachedDayPrefix}${TWO_DIGITS[h]}:${TWO_DIGITS[m]}:${TWO_DIGITS[sec]}.${THREE_DIGITS[rest - sec * 1000]}Z`;
}

export class RecordSource {
  readonly entity: string;
  readonly project: string;
  readonly size: number;
  readonly runIds: readonly string[];
  readonly #seed: RecordSeed = recordSeed();
  readonly #salt: number;
  readonly #base: number;
  readonly #rng = createRng();
  readonly #urisJson: { models: string[]; scorers: string[] };
  readonly #runIdsJson: readonly string[];

  constructor(config: RecordSourceConfig) {
    this.entity = config.entity;
    this.project = config.project;
    this.size = config.records;
    this.#salt = hash53(`${config.seed}/${config.entity}/${config.project}`) >>> 0;
    this.#base = Date.parse(this.#seed.startTime);
    this.runIds = this.#seed.evaluationRuns.map((_, r) =>
      uuidV7Like(this.#base - (this.#seed.evaluationRuns.length - r) * 3_600_000, mix32(this.#salt, 0x10000 + r)),
    );
    const uri = (name: string) =>
      `weave:///${encodeURIComponent(config.entity)}/${encodeURIComponent(config.project)}/object/${name}:${hash53(`${this.#salt}/${name}`).toString(36)}`;
    this.#urisJson = {
      models: this.#seed.models.map((m) => JSON.stringify(uri(m))),
      scorers: this.#seed.scorers.map((m) => JSON.stringify(uri(m))),
    };
    this.#runIdsJson = this.runIds.map((r) => JSON.stringify(r));
  }

  /** True for the entity/project that holds data; any other has none (never another project's). */
  holds(entity: string, project: string): boolean {
    return entity === this.entity && project === this.project;
  }

  /** §4.5/§4.7: the filter first, then offset and limit, in the stable order (start time, then id). */
  select(filter: ListFilter): Selection {
    let start = 0;
    let stride = 1;
    let count = this.size;
    if (filter.evaluationRunId !== undefined) {
      const run = this.runIds.indexOf(filter.evaluationRunId);
      stride = this.#seed.unlinkedEvery;
      start = run;
      count = run < 0 || run >= this.size ? 0 : Math.floor((this.size - 1 - run) / stride) + 1;
    }
    const offset = Math.min(filter.offset ?? 0, count);
    count -= offset;
    if (filter.limit !== undefined) count = Math.min(count, filter.limit);
    return { start: start + offset * stride, stride, count };
  }

  indexOf(kind: RecordKind, id: string): number | undefined {
    const ts = timestampOf(id);
    if (ts === undefined) return undefined;
    const offset = ts - this.#base;
    if (offset < 0 || offset % this.#seed.stepMs !== 0) return undefined;
    const index = offset / this.#seed.stepMs;
    return index < this.size && this.id(kind, index) === id ? index : undefined;
  }

  id(kind: RecordKind, index: number): string {
    return uuidV7Like(
      this.#base + index * this.#seed.stepMs,
      mix32(this.#salt, kind === 'prediction' ? index * 2 : index * 2 + 1),
    );
  }

  /** The record at an index, as an object (reads); `svcUserId` is the server-filled owner (§2.1). */
  record(kind: RecordKind, index: number, svcUserId: string): Record<string, unknown> {
    return JSON.parse(this.line(kind, index, JSON.stringify(svcUserId))) as Record<string, unknown>;
  }

  /** The record at an index as one JSON line; an unlinked record has no `evaluation_run_id` (§2.1). */
  line(kind: RecordKind, index: number, svcUserIdJson: string): string {
    const rng = this.#rng;
    rng.seed(mix32(this.#salt, kind === 'prediction' ? index * 2 : index * 2 + 1));
    const slot = index % this.#seed.unlinkedEvery;
    const run = slot < this.#runIdsJson.length ? `,"evaluation_run_id":${this.#runIdsJson[slot]}` : '';
    const started = isoAt(this.#base + index * this.#seed.stepMs);
    if (kind === 'prediction') {
      const models = this.#urisJson.models;
      const question = sentence(rng, 4 + (index % 6), '?');
      const output = sentence(rng, 3 + ((index >>> 3) % 8), '.');
      return `{"prediction_id":"${this.id('prediction', index)}","model":${models[index % models.length]},"inputs":{"question":"${question}","example_index":${index}},"output":"${output}"${run},"svc_user_id":${svcUserIdJson},"started_at":"${started}"}`;
    }
    const scorers = this.#urisJson.scorers;
    const value = Math.round(rng.next() * 1000) / 1000;
    return `{"score_id":"${this.id('score', index)}","scorer":${scorers[index % scorers.length]},"value":${value},"prediction_id":"${this.id('prediction', index)}"${run},"svc_user_id":${svcUserIdJson},"started_at":"${started}"}`;
  }
}

/** The server-filled owner id of a basic-auth user (§2.1 svc_user_id). */
export function svcUserId(user: string): string {
  return `user-${hash53(user).toString(36)}`;
}
