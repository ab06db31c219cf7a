/** @module Wording for mutation descriptions: values and expected types in plain words. @internal */
import type { JsonType } from './flat-schema.js';

const TYPE_WORDS: Record<JsonType, string> = {
  null: 'null',
  boolean: 'a boolean',
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  array: 'an array',
  object: 'an object',
};

/** "an integer or null". */
export function describeTypes(types: Iterable<JsonType>): string {
  const words = [...types].map((t) => TYPE_WORDS[t]);
  if (words.length <= 1) return words[0] ?? 'any value';
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** "the string \"abc\"", "the number 2.5", "an empty object". */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return `the string ${truncate(JSON.stringify(v))}`;
  if (typeof v === 'number') return `the number ${v}`;
  if (typeof v === 'boolean') return `the boolean ${v}`;
  if (Array.isArray(v)) return v.length === 0 ? 'an empty array' : `the array ${truncate(JSON.stringify(v))}`;
  return Object.keys(v as object).length === 0 ? 'an empty object' : `the object ${truncate(JSON.stringify(v))}`;
}

const truncate = (s: string): string => (s.length > 40 ? `${s.slice(0, 37)}...` : s);

/** The place as a reader names it: "the body" or "`/messages/0/role`". */
export function describePlace(pointer: string): string {
  return pointer === '' ? 'the body' : `\`${pointer}\``;
}

/** " (§4.1)" or "". */
export function sectionSuffix(section: string | undefined): string {
  return section ? ` (${section})` : '';
}

/** RFC 6901 escaping of one reference token. */
export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}
