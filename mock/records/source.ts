/**
 * @module The evaluation records (§2.1, §2.2) of one entity/project, computed on demand from
 * (seed, entity, project, index), never materialised: a listing of a million records costs the
 * memory of one. Faker is reseeded per record through an O(1)-seeded PRNG (faker's own Mersenne
 * Twister costs ~40 µs per reseed, which would dominate a large listing), and only its cheap
 * single-word calls are used (`lorem.sentence` costs ~20x a word).
 */
import { base, en, Faker } from '@faker-js/faker';
import { hash53, mix32 } from '../util/hash.js';
import { createRng } from '../util/prng.js';
import { timestampOf, uuidV7Like } from './ids.js';
import { recordSeed, type RecordSeed } from './seed.js';

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

function createFaker(): { faker: Faker; seed(n: number): void } {
  const rng = createRng();
  const randomizer = { next: rng.next, seed: (s: number | number[]) => rng.seed(Array.isArray(s) ? (s[0] ?? 0) : s) };
  const faker = new Faker({ locale: [en, base], randomizer });
  return { faker, seed: (n) => faker.seed(n) };
}

export class RecordSource {
  readonly entity: string;
  readonly project: string;
  readonly size: number;
  /** Ids of the evaluation runs, in seed order. */
  readonly runIds: readonly string[];
  readonly #seed: RecordSeed = recordSeed();
  readonly #salt: number;
  readonly #base: number;
  readonly #faker = createFaker();
  readonly #uris: { models: string[]; scorers: string[] };

  constructor(config: RecordSourceConfig) {
    this.entity = config.entity;
    this.project = config.project;
    this.size = config.records;
    this.#salt = hash53(`${config.seed}/${config.entity}/${config.project}`) >>> 0;
    this.#base = Date.parse(this.#seed.startTime);
    this.runIds = this.#seed.evaluationRuns.map((_, r) => uuidV7Like(this.#base - (this.#seed.evaluationRuns.length - r) * 3_600_000, mix32(this.#salt, 0x10000 + r)));
    const uri = (name: string) => `weave:///${encodeURIComponent(config.entity)}/${encodeURIComponent(config.project)}/object/${name}:${hash53(`${this.#salt}/${name}`).toString(36)}`;
    this.#uris = { models: this.#seed.models.map(uri), scorers: this.#seed.scorers.map(uri) };
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

  /** The index an id names, or undefined for an unknown id. */
  indexOf(kind: RecordKind, id: string): number | undefined {
    const ts = timestampOf(id);
    if (ts === undefined) return undefined;
    const offset = ts - this.#base;
    if (offset < 0 || offset % this.#seed.stepMs !== 0) return undefined;
    const index = offset / this.#seed.stepMs;
    return index < this.size && this.id(kind, index) === id ? index : undefined;
  }

  id(kind: RecordKind, index: number): string {
    return uuidV7Like(this.#base + index * this.#seed.stepMs, mix32(this.#salt, kind === 'prediction' ? index * 2 : index * 2 + 1));
  }

  #run(index: number): string | undefined {
    const slot = index % this.#seed.unlinkedEvery;
    return slot < this.runIds.length ? this.runIds[slot] : undefined;
  }

  /** The record at an index; `svcUserId` is the server-filled owner (§2.1). */
  record(kind: RecordKind, index: number, svcUserId: string): Record<string, unknown> {
    const { faker } = this.#faker;
    this.#faker.seed(mix32(this.#salt, kind === 'prediction' ? index * 2 : index * 2 + 1));
    const run = this.#run(index);
    const started = new Date(this.#base + index * this.#seed.stepMs).toISOString();
    if (kind === 'prediction') {
      return {
        prediction_id: this.id('prediction', index),
        model: this.#uris.models[index % this.#uris.models.length],
        inputs: { question: sentence(faker, 4 + (index % 6), '?'), example_index: index },
        output: sentence(faker, 3 + ((index >>> 3) % 8), '.'),
        // Undefined when unlinked: JSON leaves the field out (§2.1 "present when linked"); no spread on this hot path.
        evaluation_run_id: run,
        svc_user_id: svcUserId,
        started_at: started,
      };
    }
    return {
      score_id: this.id('score', index),
      scorer: this.#uris.scorers[index % this.#uris.scorers.length],
      value: Math.round(faker.number.float({ min: 0, max: 1 }) * 1000) / 1000,
      prediction_id: this.id('prediction', index),
      evaluation_run_id: run,
      svc_user_id: svcUserId,
      started_at: started,
    };
  }
}

/** A sentence of `words` faker words. */
function sentence(faker: Faker, words: number, end: string): string {
  let out = faker.lorem.word();
  out = out[0]!.toUpperCase() + out.slice(1);
  for (let i = 1; i < words; i++) out += ' ' + faker.lorem.word();
  return out + end;
}

/** The server-filled owner id of a basic-auth user (§2.1 svc_user_id). */
export function svcUserId(user: string): string {
  return `user-${hash53(user).toString(36)}`;
}
