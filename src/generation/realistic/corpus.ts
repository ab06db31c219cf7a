/** @module The text the realistic arbitraries pick from (`fixtures/seeds/corpus.json`). */
import fc from 'fast-check';
import { packageFile } from '../../core/package-root.js';

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
export const corpus = JSON.parse(packageFile('fixtures', 'seeds', 'corpus.json')) as Corpus;

export function pick<T>(list: readonly T[]): fc.Arbitrary<T> {
  return fc.constantFrom(...list);
}
