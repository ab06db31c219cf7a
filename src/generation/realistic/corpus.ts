/**
 * @module Faker text, generated once at module load with a fixed faker seed. Arbitraries pick from
 * these lists with fast-check, so a fast-check seed alone fixes every generated value.
 */
import { englishFaker } from './english-faker.js';
import fc from 'fast-check';

const CORPUS_SEED = 20_240_601;
const faker = englishFaker();
faker.seed(CORPUS_SEED);

const times = <T>(n: number, f: () => T): T[] => Array.from({ length: n }, f);

/** The pre-generated text lists. */
export const corpus = {
  questions: times(
    120,
    () =>
      `${faker.hacker.phrase()} ${faker.helpers.arrayElement(['Why?', 'Can you explain?', 'What does that mean?', 'Summarise this in one sentence.'])}`,
  ),
  sentences: times(200, () => faker.lorem.sentence()),
  answers: times(120, () => faker.lorem.sentences({ min: 1, max: 2 })),
  systemPrompts: times(
    20,
    () => `You are a helpful assistant for ${faker.company.name()}. ${faker.company.catchPhrase()}.`,
  ),
  words: [
    ...new Set(
      times(200, () =>
        faker.word
          .sample()
          .toLowerCase()
          .replace(/[^a-z]/g, ''),
      ),
    ),
  ].filter((w) => w.length > 2),
  userNames: times(40, () => faker.internet.username().replace(/[^a-zA-Z0-9_-]/g, '_')),
  functionNames: times(30, () =>
    `${faker.hacker.verb()}_${faker.hacker.noun()}`.toLowerCase().replace(/[^a-z0-9_]/g, '_'),
  ),
  descriptions: times(30, () => faker.company.catchPhrase()),
  /** §8: "for example 43 base64 characters, 256 bits". */
  cacheSalts: times(50, () => faker.string.alphanumeric(43)),
} as const;

/** An arbitrary picking one element of a corpus list. */
export function pick<T>(list: readonly T[]): fc.Arbitrary<T> {
  return fc.constantFrom(...list);
}
