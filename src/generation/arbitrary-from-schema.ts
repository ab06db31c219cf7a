/** @module `arbitraryFromSchema`: fast-check arbitraries of values valid against a JSON Schema. */
import type fc from 'fast-check';
import { compileSchemas, type CompileContext } from './_internals/compile.js';
import { rootSchema } from './_internals/schema-store.js';
import { memo } from '../core/values.js';

export interface ArbitraryFromSchemaOptions {
  /** Allow integers beyond ±(2^53 - 1) when the bounds allow them (§4.1 `seed`, §8). @defaultValue false */
  unsafeIntegers?: boolean;
  /** Longest generated array unless `minItems` asks for more. @defaultValue 3 */
  maxArrayLength?: number;
  /** Nesting depth after which only required properties and `minItems` elements are generated. @defaultValue 5 */
  maxDepth?: number;
  /** Sometimes generate a schema's `default` value as it is. @defaultValue true */
  useDefaults?: boolean;
}

export function contextOf(options: ArbitraryFromSchemaOptions): CompileContext {
  return {
    unsafeIntegers: options.unsafeIntegers ?? false,
    maxArrayLength: options.maxArrayLength ?? 3,
    maxDepth: options.maxDepth ?? 5,
    useDefaults: options.useDefaults ?? true,
  };
}

const cache = new WeakMap<object, Map<string, fc.Arbitrary<unknown>>>();

/** Values valid against `schema` (a registry name or object), cached; throws if it is unsatisfiable or a `$ref` unresolvable. */
export function arbitraryFromSchema(
  schema: object | string,
  options: ArbitraryFromSchemaOptions = {},
): fc.Arbitrary<unknown> {
  const root = rootSchema(schema);
  if (typeof root === 'boolean') {
    if (!root) throw new Error('arbitraryFromSchema: the schema `false` has no valid value');
    return compileSchemas([true], contextOf(options), 0)!;
  }
  const ctx = contextOf(options);
  const compile = () => {
    const arb = compileSchemas([root], ctx, 0);
    if (!arb) throw new Error(`arbitraryFromSchema: no value satisfies ${describeSchema(schema)}`);
    return arb;
  };
  return memo(
    memo(cache, root, () => new Map()),
    JSON.stringify(ctx),
    compile,
  );
}

function describeSchema(schema: object | string): string {
  if (typeof schema === 'string') return schema;
  const s = schema as Record<string, unknown>;
  return typeof s.$id === 'string' ? s.$id : typeof s.title === 'string' ? s.title : 'the schema';
}
