/** @module The text the realistic arbitraries pick from (`fixtures/seeds/corpus.json`). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { packageRoot } from '../../core/package-root.js';

interface Corpus {
  readonly questions: readonly string[];
  readonly sentences: readonly string[];
  readonly answers: readonly string[];
  readonly systemPrompts: readonly string[];
  readonly words: readonly string[];
  readonly userNames: readonly string[];
  readonly functionNames: readonly string[];
  readonly descriptions: readonly string[];
  readonly cacheSalts: readonly string[];
}

/** The text lists (the file's `$comment` aside). */
export const corpus = JSON.parse(
  readFileSync(join(packageRoot(), 'fixtures', 'seeds', 'corpus.json'), 'utf8'),
) as Corpus;

export function pick<T>(list: readonly T[]): fc.Arbitrary<T> {
  return fc.constantFrom(...list);
}
