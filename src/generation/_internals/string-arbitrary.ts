/** @module String arbitraries: formats, patterns, and lengths in code points as JSON Schema counts them. @internal */
import fc from 'fast-check';
import type { FlatSchema } from './flat-schema.js';
import { formatHolds, matchesFlat, patternRegExp } from './matches.js';
import { memo } from '../../core/values.js';

// Built on first use, like the formats: a `fc.stringMatching` costs a few ms to build.
let identifierArb: fc.Arbitrary<string> | undefined;
const identifier = (): fc.Arbitrary<string> => (identifierArb ??= fc.stringMatching(/^[a-z][a-z0-9_-]{0,11}$/));

/** A URI of the evaluation-record service's own scheme (conventions: `weave:///{entity}/...`). */
const weaveUri = (): fc.Arbitrary<string> =>
  fc
    .tuple(identifier(), identifier(), identifier(), fc.stringMatching(/^[0-9a-f]{8}$/))
    .map(([e, p, n, d]) => `weave:///${e}/${p}/object/${n}:${d}`);

/** One shared webUrl arbitrary for the three formats that use it. */
let webUrl: fc.Arbitrary<string> | undefined;
const sharedWebUrl = (): fc.Arbitrary<string> => (webUrl ??= fc.webUrl());

let dateTimeArb: fc.Arbitrary<string> | undefined;
const dateTime = (): fc.Arbitrary<string> =>
  (dateTimeArb ??= fc
    .date({ min: new Date('2000-01-01T00:00:00.000Z'), max: new Date('2099-12-31T23:59:59.999Z'), noInvalidDate: true })
    .map((d) => d.toISOString()));

/** Generators per ajv-formats format name, built on first use (webUrl alone costs ~0.2 s). */
const FORMAT_FACTORIES: Record<string, () => fc.Arbitrary<string>> = {
  uuid: () => fc.uuid(),
  'date-time': () => dateTime(),
  // iso-date-time admits a missing offset (a naive Python datetime); generate both shapes.
  'iso-date-time': () =>
    fc.oneof(
      dateTime(),
      dateTime().map((s) => s.replace(/Z$/, '')),
    ),
  'iso-time': () => dateTime().map((s) => s.slice(11)),
  date: () => dateTime().map((s) => s.slice(0, 10)),
  time: () => dateTime().map((s) => s.slice(11)),
  uri: () => fc.oneof(sharedWebUrl(), weaveUri()),
  url: () => sharedWebUrl(),
  'uri-reference': () =>
    fc.oneof(
      sharedWebUrl(),
      identifier().map((s) => `/${s}`),
    ),
  email: () => fc.emailAddress().filter((s) => formatHolds('email', s)),
  hostname: () => fc.domain(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
};

const builtFormats = new Map<string, fc.Arbitrary<string>>();

function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  const make = FORMAT_FACTORIES[format];
  return make && memo(builtFormats, format, make);
}

function regexArbitrary(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(patternRegExp(pattern));
  } catch {
    return fc.stringMatching(new RegExp(pattern));
  }
}

export function stringArbitrary(flat: FlatSchema): fc.Arbitrary<string> | undefined {
  const minLength = flat.minLength ?? 0;
  const maxLength = flat.maxLength;
  if (maxLength !== undefined && minLength > maxLength) return undefined;
  const formatArb = flat.format ? formatArbitrary(flat.format) : undefined;
  if (flat.format && !formatArb && !formatHolds(flat.format, '')) {
    // Filtering arbitrary strings into an unknown format could spin forever; say so instead.
    throw new Error(`generation: no generator for string format ${JSON.stringify(flat.format)}`);
  }
  if (formatArb || flat.patterns.length > 0) {
    const base = formatArb ?? regexArbitrary(flat.patterns[0]!);
    // Lengths and extra patterns on top of a format or pattern are rare; a filter is enough.
    return base.filter((s) => matchesFlat(flat, s));
  }
  return fc.string({ minLength, ...(maxLength !== undefined ? { maxLength } : {}) });
}
