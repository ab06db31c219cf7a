/** @module Realistic function tools (§4.1, §2.4 `tools`), picked from a pool built from the corpus at load. */
import fc from 'fast-check';
import { corpus } from './corpus.js';

/** A function tool in the OpenAI shape. */
export interface FunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown>; strict?: boolean };
}

const POOL: readonly FunctionTool[] = [...new Set(corpus.functionNames)].map((name, i) => {
  const a = corpus.words[i % corpus.words.length]!;
  const b = corpus.words[(i * 7 + 3) % corpus.words.length]!;
  return {
    type: 'function',
    function: {
      name,
      description: corpus.descriptions[i % corpus.descriptions.length]!,
      parameters: {
        type: 'object',
        properties: {
          [a]: { type: 'string', description: `The ${a}` },
          ...(a === b ? {} : { [b]: { type: 'integer', minimum: 0 } }),
        },
        required: [a],
      },
    },
  };
});

/** 1 to `max` tools with distinct names; `withStrict` adds the §2.4 `strict` flag. */
export function functionTools(max = 2, withStrict = false): fc.Arbitrary<FunctionTool[]> {
  const tools = fc.subarray([...POOL], { minLength: 1, maxLength: max });
  if (!withStrict) return tools;
  return fc
    .tuple(tools, fc.boolean())
    .map(([list, strict]) => list.map((t) => ({ ...t, function: { ...t.function, strict } })));
}
