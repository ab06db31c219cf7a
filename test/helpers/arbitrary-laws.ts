/**
 * @module Shared law assertions for arbitraries (after fast-check's ArbitraryAssertions): every
 * generated value is correct, the same seed gives the same values, negatives carry their labels.
 * Each law runs through `fc.assert`, so a failure prints the seed and path to replay it.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { NegativeCase } from '../../src/generation/index.js';
import { registry, type SchemaName } from '../../src/schemas/registry.js';

/** Options shared by the laws. */
export interface LawOptions {
  numRuns?: number;
  seed?: number;
}

function params(options: LawOptions): fc.Parameters<unknown> {
  return { numRuns: options.numRuns ?? 100, ...(options.seed !== undefined ? { seed: options.seed } : {}) };
}

function ajvErrors(name: SchemaName, value: unknown): string {
  const result = registry().validate(name, value);
  return result.ok ? 'valid' : JSON.stringify(result.errors.slice(0, 3));
}

/** Law: every value of `arb` validates against each registry schema in `names`. */
export function assertAllValid(
  arb: fc.Arbitrary<unknown>,
  names: readonly SchemaName[],
  options: LawOptions = {},
): void {
  fc.assert(
    fc.property(arb, (value) => {
      for (const name of names) {
        if (!registry().validate(name, value).ok)
          throw new Error(`not valid against ${name}: ${ajvErrors(name, value)}`);
      }
    }),
    params(options),
  );
}

/** Law: every negative case fails validation against the registry schema `name`. */
export function assertAllInvalid(arb: fc.Arbitrary<NegativeCase>, name: SchemaName, options: LawOptions = {}): void {
  fc.assert(
    fc.property(arb, (c) => {
      if (registry().validate(name, c.value).ok)
        throw new Error(`negative case accepted by ${name}: ${c.mutation.description}`);
    }),
    params(options),
  );
}

/** Law: the same seed gives the same values. */
export function assertDeterministic(arb: fc.Arbitrary<unknown>, options: LawOptions = {}): void {
  fc.assert(
    fc.property(fc.integer(), (seed) => {
      const a = fc.sample(arb, { seed, numRuns: 3 });
      const b = fc.sample(arb, { seed, numRuns: 3 });
      expect(b).toEqual(a);
    }),
    { numRuns: options.numRuns ?? 10, ...(options.seed !== undefined ? { seed: options.seed } : {}) },
  );
}

/** Law: a negative case carries every documented mutation field, well-formed. */
export function assertMutationShape(c: NegativeCase): void {
  const m = c.mutation;
  expect(['type', 'enum', 'range', 'required', 'format', 'structure']).toContain(m.kind);
  expect(['reject', 'lenient']).toContain(m.strictness);
  expect(m.pointer === '' || m.pointer.startsWith('/')).toBe(true);
  expect(typeof m.description).toBe('string');
  // One readable sentence: a capitalised or backquoted start, one final full stop.
  expect(m.description).toMatch(/^(`|[A-Za-z]).*\.$/);
  expect(m.description.length).toBeGreaterThan(10);
}

/** Law: every case of `arb` carries a well-formed mutation. */
export function assertMutationsLabelled(arb: fc.Arbitrary<NegativeCase>, options: LawOptions = {}): void {
  fc.assert(
    fc.property(arb, (c) => assertMutationShape(c)),
    params(options),
  );
}

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => Ajv2020;
let userAjv: Ajv2020 | undefined;

/**
 * A validator for a schema as a client writes it (structured outputs): ajv with formats but without
 * the registry's strict mode, which rejects common user-schema habits such as untyped `properties`.
 */
export function compileUserSchema(schema: object): ValidateFunction {
  userAjv ??= addFormats(new Ajv2020({ strict: false, allErrors: true }));
  return userAjv.compile(schema);
}
