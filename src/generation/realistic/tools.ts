/**
 * @module Realistic function tools (§4.1 `tools`, §2.4 trajectory `tools`): a name, a description
 * and a small JSON Schema of parameters.
 */
import fc from 'fast-check';
import { corpus, pick } from './corpus.js';

/** A function tool in the OpenAI shape. */
export interface FunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown>; strict?: boolean };
}

const parameters = fc.tuple(pick(corpus.words), pick(corpus.words)).map(([a, b]) => ({
  type: 'object',
  properties: { [a]: { type: 'string', description: `The ${a}` }, ...(a === b ? {} : { [b]: { type: 'integer', minimum: 0 } }) },
  required: [a],
}));

/** A function tool; `withStrict` adds the §2.4 `strict` flag. */
export function functionTool(withStrict = false): fc.Arbitrary<FunctionTool> {
  return fc.tuple(pick(corpus.functionNames), pick(corpus.descriptions), parameters, fc.boolean()).map(([name, description, params, strict]) => ({
    type: 'function',
    function: { name, description, parameters: params, ...(withStrict ? { strict } : {}) },
  }));
}

/** 1 to `max` tools with distinct names. */
export function functionTools(max = 2, withStrict = false): fc.Arbitrary<FunctionTool[]> {
  return fc.uniqueArray(functionTool(withStrict), { minLength: 1, maxLength: max, selector: (t) => t.function.name });
}
