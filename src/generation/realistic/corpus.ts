/**
 * @module The text the realistic arbitraries pick from: faker's English, drawn once with a fixed seed
 * and written out (corpus-text.ts), so a fast-check seed alone fixes every generated value and no run
 * loads faker.
 */
import fc from 'fast-check';
import { CORPUS_TEXT } from './corpus-text.js';

/** The pre-generated text lists. */
export const corpus = CORPUS_TEXT;

/** An arbitrary picking one element of a corpus list. */
export function pick<T>(list: readonly T[]): fc.Arbitrary<T> {
  return fc.constantFrom(...list);
}
