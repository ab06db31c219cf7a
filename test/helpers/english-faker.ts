/**
 * @module The faker the pre-drawn text under `fixtures/seeds/` came from, for the tests that prove
 * the files are still exactly its draw: a fresh English faker (its own seed state), built from
 * `@faker-js/faker/locale/en` alone, as importing `@faker-js/faker` evaluates its 60-odd other
 * locales too.
 */
import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';

type FakerClass = new (options: { locale: Faker['rawDefinitions'] }) => Faker;

/** A new Faker over the same English (+ base) definitions as `@faker-js/faker`'s `new Faker({ locale: [en, base] })`. */
export function englishFaker(): Faker {
  return new (english.constructor as FakerClass)({ locale: english.rawDefinitions });
}
