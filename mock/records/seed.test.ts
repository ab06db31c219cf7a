import { expect, test } from 'vitest';
import { englishFaker } from '../../test/helpers/english-faker.js';
import { recordWords } from './seed.js';

test('the record words are exactly the distinct all-letter words of 4,096 seeded faker.lorem.word() draws, sorted', () => {
  const faker = englishFaker();
  faker.seed(20261121);
  const drawn = [...new Set(Array.from({ length: 4096 }, () => faker.lorem.word()))]
    .filter((w) => /^[a-z]+$/.test(w))
    .sort();
  expect(recordWords()).toEqual(drawn);
});
