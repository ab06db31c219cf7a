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
import { DEFAULT_JOURNAL_SIZE } from './journal.js';
import { loadFixtures } from './fixtures/load.js';
import { loadScripts } from './scripts/load.js';
import type { MockOptions, ResolvedMockOptions } from './types.js';

export type { ResolvedMockOptions } from './types.js';

/** Default seed of the generated records (`fixtures/seeds/records.json` can be overridden per mock). */
export const DEFAULT_MOCK_SEED = 1;
/** 1 MiB: chat requests with long histories fit; anything larger is answered 413. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

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
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    faults: Object.freeze((options.faults ?? []).map((f) => (typeof f === 'string' ? f : f.id))),
    chaos: options.chaos ?? 0,
    chaosSeed: options.chaosSeed,
    // Read (from the file, if a path was given) and checked now: a bad script is a usage error at start.
    scripts: Object.freeze(loadScripts(options.scripts ?? []).map((c) => c.script)),
    streamTtftMs: options.streamTtftMs ?? 0,
    streamItlMs: options.streamItlMs ?? 0,
    admin: options.admin ?? true,
    journalSize: options.journalSize ?? DEFAULT_JOURNAL_SIZE,
    // Read now: a fixtures file that cannot be read is a usage error at start.
    fixtures: Object.freeze(options.fixtures === undefined ? [] : loadFixtures(options.fixtures)),
    replaySpeed: options.replaySpeed ?? 1,
    maxContextTokens: options.maxContextTokens,
    contextWording: options.contextWording ?? 'vllm',
  };
  if (!resolved.token) throw new Error('mock: token must not be empty');
  if (!resolved.model.trim()) throw new Error('mock: model must not be blank');
  if (!resolved.basic.includes(':')) throw new Error('mock: basic credentials must be USER:PASS');
  if (!Number.isSafeInteger(resolved.records) || resolved.records < 0)
    throw new Error(`mock: records must be a non-negative integer, got ${resolved.records}`);
  if (!Number.isSafeInteger(resolved.seed)) throw new Error(`mock: seed must be an integer, got ${resolved.seed}`);
  if (!(resolved.latencyMs >= 0)) throw new Error(`mock: latencyMs must be >= 0, got ${resolved.latencyMs}`);
  if (
    resolved.maxConcurrency !== undefined &&
    !(Number.isSafeInteger(resolved.maxConcurrency) && resolved.maxConcurrency >= 1)
  )
    throw new Error(`mock: maxConcurrency must be a whole number >= 1, got ${resolved.maxConcurrency}`);
  if (!(resolved.maxBodyBytes > 0)) throw new Error(`mock: maxBodyBytes must be > 0, got ${resolved.maxBodyBytes}`);
  if (!(resolved.chaos >= 0 && resolved.chaos <= 1))
    throw new Error(`mock: chaos must be a rate in [0, 1], got ${resolved.chaos}`);
  if (resolved.chaosSeed !== undefined && !Number.isSafeInteger(resolved.chaosSeed))
    throw new Error(`mock: chaosSeed must be an integer, got ${resolved.chaosSeed}`);
  for (const name of ['streamTtftMs', 'streamItlMs'] as const)
    if (!(resolved[name] >= 0)) throw new Error(`mock: ${name} must be >= 0, got ${resolved[name]}`);
  if (!Number.isSafeInteger(resolved.journalSize) || resolved.journalSize < 0)
    throw new Error(`mock: journalSize must be a non-negative integer, got ${resolved.journalSize}`);
  if (!(resolved.replaySpeed > 0 && Number.isFinite(resolved.replaySpeed)))
    throw new Error(`mock: replaySpeed must be a number > 0, got ${resolved.replaySpeed}`);
  if (
    resolved.maxContextTokens !== undefined &&
    !(Number.isSafeInteger(resolved.maxContextTokens) && resolved.maxContextTokens >= 1)
  )
    throw new Error(`mock: maxContextTokens must be a whole number >= 1, got ${resolved.maxContextTokens}`);
  if (resolved.contextWording !== 'vllm' && resolved.contextWording !== 'llamacpp')
    throw new Error(`mock: contextWording must be 'vllm' or 'llamacpp', got ${String(resolved.contextWording)}`);
  return Object.freeze(resolved);
}
