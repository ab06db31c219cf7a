/** @module The record seed files under `fixtures/seeds/`: what records are drawn from (`records.json`) and their words, read once. */
import { packageFile } from '../../src/core/package-root.js';

export interface RecordSeed {
  /** Names of the evaluation runs records are linked to (their ids are derived per project). */
  evaluationRuns: string[];
  /** Every `unlinkedEvery`-th record belongs to no evaluation run (§2.1: the field is "present when linked"). */
  unlinkedEvery: number;
  models: string[];
  scorers: string[];
  /** Start time of record 0; record i starts `i * stepMs` later (the stable order is by start time). */
  startTime: string;
  stepMs: number;
}

const readSeed = (name: string): unknown => JSON.parse(packageFile('fixtures', 'seeds', name));

let cached: RecordSeed | undefined;
let words: readonly string[] | undefined;

export function recordSeed(): RecordSeed {
  return (cached ??= readSeed('records.json') as RecordSeed);
}

/** The record texts' vocabulary: faker's lorem words drawn once with a fixed seed (`seed.test.ts` proves it). */
export function recordWords(): readonly string[] {
  return (words ??= (readSeed('record-words.json') as { words: string[] }).words);
}
