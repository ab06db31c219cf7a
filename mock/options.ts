/** @module The mock's options with their defaults filled in (the suite uses the same defaults). */
import {
  DEFAULT_BASIC_PASSWORD,
  DEFAULT_BASIC_USER,
  DEFAULT_ENTITY,
  DEFAULT_MODEL,
  DEFAULT_PROJECT,
  DEFAULT_RECORDS,
  DEFAULT_TOKEN,
} from '../src/core/defaults.js';
import { PARTS, servedOperations } from '../src/core/parts.js';
import { DEFAULT_JOURNAL_SIZE } from './journal.js';
import { loadFixtures } from './fixtures/load.js';
import { loadScripts } from './scripts/load.js';
import type { MockOptions, ResolvedMockOptions } from './types.js';

export type { ResolvedMockOptions } from './types.js';

/** Default seed of the generated records (`fixtures/seeds/records.json` can be overridden per mock). */
export const DEFAULT_MOCK_SEED = 1;
/** 1 MiB: chat requests with long histories fit; anything larger is answered 413. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const nonNegativeInteger = (v: number): boolean => Number.isSafeInteger(v) && v >= 0;
const wholeFromOne = (v: number | undefined): boolean => v === undefined || (Number.isSafeInteger(v) && v >= 1);
const notNegative = (v: number): boolean => v >= 0;

/** Each option's rule, checked in this order, and what it must be. */
const RULES: readonly (readonly [keyof ResolvedMockOptions, (v: never) => boolean, string])[] = [
  ['records', nonNegativeInteger, 'a non-negative integer'],
  ['seed', Number.isSafeInteger, 'an integer'],
  ['latencyMs', notNegative, '>= 0'],
  ['maxConcurrency', wholeFromOne, 'a whole number >= 1'],
  ['maxQueued', (v: number | undefined) => v === undefined || nonNegativeInteger(v), 'a non-negative integer'],
  ['maxBodyBytes', (v: number) => v > 0, '> 0'],
  ['chaos', (v: number) => v >= 0 && v <= 1, 'a rate in [0, 1]'],
  ['chaosSeed', (v: number | undefined) => v === undefined || Number.isSafeInteger(v), 'an integer'],
  ['streamTtftMs', notNegative, '>= 0'],
  ['streamItlMs', notNegative, '>= 0'],
  ['journalSize', nonNegativeInteger, 'a non-negative integer'],
  ['replaySpeed', (v: number) => v > 0 && Number.isFinite(v), 'a number > 0'],
  ['maxContextTokens', wholeFromOne, 'a whole number >= 1'],
  ['contextWording', (v: string) => v === 'vllm' || v === 'llamacpp', "'vllm' or 'llamacpp'"],
  ['tokenizer', (v: string) => v === 'words' || v === 'characters', "'words' or 'characters'"],
];

/** Fills in defaults and rejects values that make no sense (a usage error, thrown). */
export function resolveOptions(options: MockOptions = {}): ResolvedMockOptions {
  const resolved: ResolvedMockOptions = {
    token: options.token ?? DEFAULT_TOKEN,
    basic: options.basic ?? `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`,
    entity: options.entity ?? DEFAULT_ENTITY,
    project: options.project ?? DEFAULT_PROJECT,
    records: options.records ?? DEFAULT_RECORDS,
    seed: options.seed ?? DEFAULT_MOCK_SEED,
    model: options.model ?? DEFAULT_MODEL,
    priorityScheduling: options.priorityScheduling ?? false,
    latencyMs: options.latencyMs ?? 0,
    maxConcurrency: options.maxConcurrency,
    maxQueued: options.maxQueued,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    faults: Object.freeze((options.faults ?? []).map((f) => (typeof f === 'string' ? f : f.id))),
    serves: Object.freeze(servedOperations(options.serves ?? Object.keys(PARTS), 'mock: serves')),
    chaos: options.chaos ?? 0,
    chaosSeed: options.chaosSeed,
    // Read (from the file, if a path was given) and checked now: a bad script is a usage error at start.
    scripts: Object.freeze(loadScripts(options.scripts ?? []).map((c) => c.script)),
    streamTtftMs: options.streamTtftMs ?? 0,
    streamItlMs: options.streamItlMs ?? 0,
    paceWholeAnswers: options.paceWholeAnswers ?? false,
    admin: options.admin ?? true,
    journalSize: options.journalSize ?? DEFAULT_JOURNAL_SIZE,
    // Read now: a fixtures file that cannot be read is a usage error at start.
    fixtures: Object.freeze(options.fixtures === undefined ? [] : loadFixtures(options.fixtures)),
    replaySpeed: options.replaySpeed ?? 1,
    maxContextTokens: options.maxContextTokens,
    contextWording: options.contextWording ?? 'vllm',
    tokenizer: options.tokenizer ?? 'words',
  };
  if (!resolved.token) throw new Error('mock: token must not be empty');
  if (!resolved.model.trim()) throw new Error('mock: model must not be blank');
  if (!resolved.basic.includes(':')) throw new Error('mock: basic credentials must be USER:PASS');
  for (const [name, ok, what] of RULES)
    if (!ok(resolved[name] as never)) throw new Error(`mock: ${name} must be ${what}, got ${String(resolved[name])}`);
  return Object.freeze(resolved);
}
