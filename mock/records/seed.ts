/** @module The record seed file `fixtures/seeds/records.json`, read once. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../src/core/package-root.js';

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

let cached: RecordSeed | undefined;

export function recordSeed(): RecordSeed {
  cached ??= JSON.parse(readFileSync(join(packageRoot(), 'fixtures', 'seeds', 'records.json'), 'utf8')) as RecordSeed;
  return cached;
}
