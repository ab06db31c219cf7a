import { expect, test } from 'vitest';
import { englishFaker } from '../../../test/helpers/english-faker.js';
import { corpus } from './corpus.js';

/** The recipe `fixtures/seeds/corpus.json` came from: faker's English seeded 20240601, the lists in this order. */
function drawCorpus(): Record<keyof typeof corpus, string[]> {
  const faker = englishFaker();
  faker.seed(20_240_601);
  const times = <T>(n: number, f: () => T): T[] => Array.from({ length: n }, f);
  const endings = ['Why?', 'Can you explain?', 'What does that mean?', 'Summarise this in one sentence.'];
  return {
    questions: times(120, () => `${faker.hacker.phrase()} ${faker.helpers.arrayElement(endings)}`),
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
    cacheSalts: times(50, () => faker.string.alphanumeric(43)),
  };
}

/** The lists the file holds (its `$comment` aside). */
const lists = Object.keys(corpus).filter((key) => key !== '$comment') as (keyof typeof corpus)[];

test('the corpus file is exactly what the seeded faker draw returns, list by list, and nothing else', () => {
  const drawn = drawCorpus();
  expect(lists).toEqual(Object.keys(drawn));
  for (const key of lists) expect([key, corpus[key]]).toEqual([key, drawn[key]]);
});

test('no corpus entry is empty, and each list has some', () => {
  for (const key of lists) {
    expect(corpus[key].length, key).toBeGreaterThan(0);
    expect(
      corpus[key].every((entry) => typeof entry === 'string' && entry.length > 0),
      key,
    ).toBe(true);
  }
});
