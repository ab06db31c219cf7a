/**
 * @module A fresh English faker (with its own seed state), built without loading faker's 60-odd
 * other locales: importing `@faker-js/faker` evaluates all of them, about 110 ms of every start-up
 * on this machine; `@faker-js/faker/locale/en` only English and the base definitions.
 */
import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';

type FakerClass = new (options: { locale: Faker['rawDefinitions'] }) => Faker;

/** A new Faker over the same English (+ base) definitions as `@faker-js/faker`'s `new Faker({ locale: [en, base] })`. */
export function englishFaker(): Faker {
  return new (english.constructor as FakerClass)({ locale: english.rawDefinitions });
}
