/** @module The catalogue of single-constraint mutations per site, lenient or reject. @internal */
import { describePlace, describeTypes, describeValue, escapePointerToken, sectionSuffix } from './describe.js';
import { flatten, type FlatSchema, type JsonType } from './flat-schema.js';
import { formatHolds, jsonTypeOf, matchesAll } from './matches.js';
import { laxReadingOf, type LaxSite } from './lax-readings.js';
import { mayBe, type MutationSite } from './mutation-sites.js';
import type { Mutation, MutationKind, Strictness } from '../mutation.js';

/** Returned by `make` when the current value offers no way to build the mutation. */
export const NO_CASE: unique symbol = Symbol('no-case');

/** How a template changes the valid base value. */
type Edit =
  | { readonly op: 'replace'; readonly make: (current: unknown) => unknown }
  | { readonly op: 'remove'; readonly key: string }
  | { readonly op: 'set'; readonly key: string; readonly value: unknown };

export interface MutationTemplate {
  readonly site: MutationSite;
  readonly mutation: Mutation;
  readonly edit: Edit;
}

/** The JSON types a node admits, or undefined when it admits any. */
function admittedTypes(node: FlatSchema): Set<JsonType> | undefined {
  if (node.types) return node.types;
  const values = node.const ? [node.const.value] : node.enum;
  if (values) return new Set(values.map((v) => jsonTypeOf(v)).filter((t): t is JsonType => t !== undefined));
  const disjunction = node.anyOf[0] ?? node.oneOf[0];
  if (disjunction) {
    const out = new Set<JsonType>();
    for (const branch of disjunction) {
      const types = admittedTypes(flatten(branch));
      if (!types) return undefined;
      for (const t of types) out.add(t);
    }
    return out;
  }
  return undefined;
}

function has(types: Set<JsonType>, t: JsonType): boolean {
  return types.has(t) || (t === 'integer' && types.has('number'));
}

export function templatesAt(site: MutationSite): MutationTemplate[] {
  return [
    ...typeTemplates(site),
    ...enumTemplates(site),
    ...rangeTemplates(site),
    ...formatTemplates(site),
    ...objectTemplates(site),
  ];
}

function template(
  site: MutationSite,
  kind: MutationKind,
  strictness: Strictness,
  description: string,
  edit: Edit,
  pointer = site.pointer,
): MutationTemplate {
  const section = site.node.section ?? site.path[site.path.length - 1]?.parent.section;
  return {
    site,
    edit,
    mutation: {
      kind,
      pointer,
      description: description + sectionSuffix(section) + '.',
      strictness,
      ...(section ? { section } : {}),
    },
  };
}

function replacing(
  site: MutationSite,
  kind: MutationKind,
  strictness: Strictness,
  description: string,
  make: (current: unknown) => unknown,
): MutationTemplate {
  return template(site, kind, strictness, description, { op: 'replace', make });
}

function typeTemplates(site: MutationSite): MutationTemplate[] {
  const types = admittedTypes(site.node);
  if (!types || types.size === 0) return [];
  const place = describePlace(site.pointer);
  const expected = describeTypes(types);
  const containerOnly = [...types].every((t) => t === 'object' || t === 'array' || t === 'null');
  const kindFor: MutationKind = containerOnly ? 'structure' : 'type';
  const out: MutationTemplate[] = [];
  const lax: LaxSite = { node: site.node, optional: site.optional && !site.extraKey };
  const add = (value: unknown, why = ''): void => {
    const reading = laxReadingOf(lax, value);
    const note = reading ? `, which ${reading.reads}` : why;
    const description = `${place} holds ${describeValue(value)} where ${expected} belongs${note}`;
    out.push(replacing(site, kindFor, reading ? 'lenient' : 'reject', description, () => value));
  };
  /** A value built from the valid one; offered only when the table makes it lenient (`NO_CASE` otherwise). */
  const lenientFrom = (kind: MutationKind, description: string, build: (current: unknown) => unknown): void => {
    out.push(
      replacing(site, kind, 'lenient', `${place} holds ${description}`, (c) => {
        const v = build(c);
        return v === NO_CASE || laxReadingOf(lax, v) === undefined ? NO_CASE : v;
      }),
    );
  };
  const numeric = has(types, 'number') || has(types, 'integer');
  if (!types.has('null')) add(null);
  if (numeric && !types.has('string')) {
    lenientFrom('type', `a numeric string where ${expected} belongs, which lax parsers coerce`, (c) =>
      typeof c === 'number' ? String(c) : NO_CASE,
    );
  }
  if (!types.has('string')) {
    const items = site.node.items;
    const stringArray = types.has('array') && items !== undefined && matchesAll(items, 'x');
    if (stringArray) {
      lenientFrom(
        'structure',
        'a single string where an array of strings belongs, which servers typed `str | list[str]` accept',
        (c) => (Array.isArray(c) && typeof c[0] === 'string' ? c[0] : NO_CASE),
      );
    } else {
      add('not-a-valid-value');
    }
  }
  if (types.has('boolean') && !types.has('string')) add('true');
  if (!numeric) add(12345);
  if (has(types, 'integer') && !types.has('number')) add(2.5, ' (a fractional number)');
  if (!types.has('boolean')) add(true);
  if (!types.has('object')) add({ unexpected: 'object' });
  if (!types.has('array')) {
    const description = `${place} holds its value wrapped in an array where ${expected} belongs`;
    out.push(replacing(site, kindFor, 'reject', description, (c) => [c === undefined ? 1 : c]));
  }
  return out;
}

function enumTemplates(site: MutationSite): MutationTemplate[] {
  const node = site.node;
  if (node.anyOf.length > 0 || node.oneOf.length > 0) return [];
  const values = node.const ? [node.const.value] : node.enum;
  if (!values) return [];
  const strings = values.filter((v): v is string => typeof v === 'string');
  const numbers = values.filter((v): v is number => typeof v === 'number');
  const bogus =
    strings.length > 0 ? `${strings[0]}_undocumented` : numbers.length > 0 ? Math.max(...numbers) + 1000 : undefined;
  if (bogus === undefined) return [];
  const documented = values.map((v) => JSON.stringify(v)).join(', ');
  const description = `${describePlace(site.pointer)} holds ${describeValue(bogus)}, outside the documented values ${documented}`;
  return [replacing(site, 'enum', 'reject', description, () => bogus)];
}

/** A number just past a bound, even where the bound is too large for a double to step past by 1. */
function beyond(bound: number, direction: 1 | -1, exclusive: boolean, integral: boolean): number {
  if (exclusive) return bound;
  if (Math.abs(bound) > Number.MAX_SAFE_INTEGER) return bound * 2 || direction;
  return bound + direction * (integral ? 1 : Math.max(0.5, Math.abs(bound) * 0.5));
}

function rangeTemplates(site: MutationSite): MutationTemplate[] {
  const node = site.node;
  if (node.anyOf.length > 0 || node.oneOf.length > 0 || node.enum || node.const) return [];
  const types = node.types;
  return [
    ...(!types || has(types, 'number') || has(types, 'integer') ? boundTemplates(site) : []),
    ...(!types || types.has('string') ? lengthTemplates(site) : []),
    ...(!types || types.has('array') ? itemCountTemplates(site) : []),
  ];
}

/** A `range` reject at the site: `${place} ${what}`, the value `make` builds. */
function rangeBreak(site: MutationSite, what: string, make: (current: unknown) => unknown): MutationTemplate {
  return replacing(site, 'range', 'reject', `${describePlace(site.pointer)} ${what}`, make);
}

/** A number just past `minimum`, and one past `maximum`. */
function boundTemplates(site: MutationSite): MutationTemplate[] {
  const { minimum, maximum, types } = site.node;
  const integral = types !== undefined && has(types, 'integer') && !types.has('number');
  const sides = [
    { bound: minimum, direction: -1, words: ['above', 'at least'] },
    { bound: maximum, direction: 1, words: ['below', 'at most'] },
  ] as const;
  return sides.flatMap(({ bound, direction, words }) => {
    if (!bound) return [];
    const v = beyond(bound.value, direction, bound.exclusive, integral);
    const rule = `${bound.exclusive ? words[0] : words[1]} ${bound.value}`;
    return [rangeBreak(site, `is ${v} where the documented range requires ${rule}`, () => v)];
  });
}

/** A string one character short of `minLength`, and one past `maxLength`. */
function lengthTemplates(site: MutationSite): MutationTemplate[] {
  const { minLength, maxLength } = site.node;
  const out: MutationTemplate[] = [];
  if (minLength !== undefined && minLength > 0) {
    const v = 'x'.repeat(minLength - 1);
    const what = v === '' ? 'is an empty string' : `is ${minLength - 1} characters long`;
    out.push(rangeBreak(site, `${what} where at least ${minLength} characters are required`, () => v));
  }
  if (maxLength !== undefined) {
    const v = 'x'.repeat(maxLength + 1);
    out.push(rangeBreak(site, `is ${maxLength + 1} characters long where at most ${maxLength} are allowed`, () => v));
  }
  return out;
}

/** An array one element short of `minItems`, and one past `maxItems` (unless the items must differ). */
function itemCountTemplates(site: MutationSite): MutationTemplate[] {
  const { minItems, maxItems, uniqueItems } = site.node;
  const out: MutationTemplate[] = [];
  if (minItems !== undefined && minItems > 0) {
    const n = minItems - 1;
    const what = `has ${n === 0 ? 'no elements' : `${n} elements`} where at least ${minItems} are required`;
    out.push(rangeBreak(site, what, (c) => (Array.isArray(c) ? c.slice(0, n) : NO_CASE)));
  }
  if (maxItems !== undefined && !uniqueItems) {
    const n = maxItems + 1;
    out.push(
      rangeBreak(site, `has ${n} elements where at most ${maxItems} are allowed`, (c) =>
        Array.isArray(c) && c.length > 0 ? Array.from({ length: n }, (_, i) => c[i % c.length]) : NO_CASE,
      ),
    );
  }
  return out;
}

const FORMAT_BREAKS: Record<string, { reject: string; lenient?: (current: string) => string; lenientWhy?: string }> = {
  uuid: {
    reject: 'not-a-uuid',
    lenient: (c) => c.replace(/-/g, ''),
    lenientWhy: 'a UUID without hyphens, which UUID parsers accept',
  },
  'date-time': {
    reject: 'not a date',
    lenient: (c) => c.replace(/(\.\d+)?(Z|[+-]\d\d:\d\d)$/i, ''),
    lenientWhy: 'a date-time without a time zone, which lax parsers read as local time',
  },
  'iso-date-time': {
    reject: 'not a date',
    lenient: (c) => c.slice(0, 10),
    lenientWhy: 'a date without a time, which lax datetime parsers accept',
  },
  date: { reject: 'not a date' },
  uri: { reject: 'not a uri' },
  url: { reject: 'not a url' },
  email: { reject: 'not-an-email' },
};

function formatTemplates(site: MutationSite): MutationTemplate[] {
  const node = site.node;
  const format = node.format;
  const breaks = format ? FORMAT_BREAKS[format] : undefined;
  if (!format || !breaks || !mayBe(node, 'string') || node.enum || node.const) return [];
  const place = describePlace(site.pointer);
  const reject = `${place} holds ${describeValue(breaks.reject)}, which is not a valid ${format}`;
  const out = [replacing(site, 'format', 'reject', reject, () => breaks.reject)];
  const lenient = breaks.lenient;
  if (lenient) {
    const description = `${place} holds ${breaks.lenientWhy!}, though not a valid ${format} by the schema`;
    out.push(
      replacing(site, 'format', 'lenient', description, (c) => {
        if (typeof c !== 'string') return NO_CASE;
        const v = lenient(c);
        return formatHolds(format, v) ? NO_CASE : v;
      }),
    );
  }
  return out;
}

/**
 * The sections whose schema requires a property the interface does not call required: the required-ness
 * is a reading of the project (decisions/0001), named so that a finding does not put it on the section.
 */
const REQUIRED_BY_READING: Readonly<Record<string, string>> = {
  '§2.5': 'decisions/0001 #8: §2.5 gives `role` in the common shape without saying it is required',
};

function objectTemplates(site: MutationSite): MutationTemplate[] {
  const node = site.node;
  if (node.anyOf.length > 0 || node.oneOf.length > 0 || !mayBe(node, 'object')) return [];
  const out: MutationTemplate[] = [];
  for (const key of node.required) {
    const pointer = `${site.pointer}/${escapePointerToken(key)}`;
    const reading = node.section === undefined ? undefined : REQUIRED_BY_READING[node.section];
    const description = reading
      ? `${describePlace(pointer)} is missing, which the schema requires (${reading})`
      : `${describePlace(pointer)} is missing though it is required`;
    out.push(template(site, 'required', 'reject', description, { op: 'remove', key }, pointer));
  }
  if (node.additionalProperties?.includes(false)) {
    const key = 'x_unexpected_property';
    const pointer = `${site.pointer}/${key}`;
    const description = `${describePlace(pointer)} is present where ${describePlace(site.pointer)} allows no additional properties`;
    out.push(template(site, 'structure', 'reject', description, { op: 'set', key, value: true }, pointer));
  }
  return out;
}
