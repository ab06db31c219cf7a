/** @module Structured outputs (§4.1 `structured_outputs`, `response_format`): the text the mock model must produce. */
import { loadFastCheck, sampleJson } from './json-sample.js';
import { broken, type RuleViolation } from './rules.js';
import type { ChatRequest } from './types.js';
import { isJsonObject, jsonOrUndefined } from '../../src/core/values.js';

export type OutputConstraint =
  | { kind: 'free' }
  | { kind: 'choice'; choices: readonly string[] }
  | { kind: 'regex'; pattern: RegExp }
  | { kind: 'json'; schema: Record<string, unknown> }
  | { kind: 'text'; text: string };

/** Reads the constraint from the request; a malformed regex or schema is a 400. */
export function outputConstraint(req: ChatRequest): OutputConstraint | RuleViolation {
  const so = req.structured_outputs;
  if (so) {
    if (so.choice) return { kind: 'choice', choices: so.choice };
    if (typeof so.regex === 'string') {
      try {
        return { kind: 'regex', pattern: new RegExp(`^(?:${so.regex})$`, 'u') };
      } catch {
        return broken(
          'structured_outputs.regex',
          `Invalid regular expression in structured_outputs.regex: ${so.regex}`,
        );
      }
    }
    if (typeof so.json === 'string') {
      const schema = jsonOrUndefined(so.json);
      if (schema === undefined)
        return broken(
          'structured_outputs.json',
          'structured_outputs.json must be a JSON schema serialised as a string.',
        );
      if (!isJsonObject(schema))
        return broken('structured_outputs.json', 'structured_outputs.json must be a JSON schema object.');
      return { kind: 'json', schema };
    }
    if (so.json_object) return { kind: 'json', schema: { type: 'object' } };
    // grammar and structural_tag: accepted, not interpreted (the mock has no grammar engine).
    return { kind: 'free' };
  }
  const rf = req.response_format;
  if (rf?.type === 'json_schema') return { kind: 'json', schema: rf.json_schema?.schema ?? {} };
  if (rf?.type === 'json_object') return { kind: 'json', schema: { type: 'object' } };
  return { kind: 'free' };
}

export async function constrainedText(constraint: OutputConstraint, seed: number): Promise<string | undefined> {
  switch (constraint.kind) {
    case 'free':
      return undefined;
    case 'text':
      return constraint.text;
    case 'choice':
      return constraint.choices[seed % constraint.choices.length];
    case 'regex': {
      const fc = await loadFastCheck();
      return fc.sample(fc.stringMatching(constraint.pattern, { size: 'small' }), { seed, numRuns: 1 })[0];
    }
    case 'json':
      return JSON.stringify(await sampleJson(constraint.schema, seed));
  }
}
