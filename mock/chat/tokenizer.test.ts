import fc from 'fast-check';
import { expect, test } from 'vitest';
import { countTokens, tokenId, tokenize } from './tokenizer.js';

/** The tokenizer's rule, as written before the ASCII scanner: the scanner must agree with it everywhere. */
const RULE = / ?\p{L}+| ?\p{N}{1,3}| ?[^\s\p{L}\p{N}]|\s/gu;

test('tokens concatenate back to the text, including unicode and odd spacing', () => {
  for (const text of ['Hello, world!', '  two  spaces\n\nand 12345 digits', 'émoji 🎉 ok', '']) {
    expect(tokenize(text).join('')).toBe(text);
  }
});

test('words keep their leading space and ids are stable', () => {
  expect(tokenize('Hello world.')).toEqual(['Hello', ' world', '.']);
  expect(tokenId(' world')).toBe(tokenId(' world'));
  expect(tokenId(' world')).not.toBe(tokenId('world'));
  expect(tokenId('x')).toBeGreaterThanOrEqual(1000);
});

test('the ASCII scanner splits exactly as the rule does, and counts what it splits', () => {
  const edge = [
    'a',
    'Z',
    '0',
    '9',
    ' ',
    '  ',
    '\t',
    '\n',
    '\r\n',
    '\v',
    '\f',
    '.',
    '"',
    '\u007f',
    '\u0000',
    'é',
    '٣',
    '🎉',
    '\u00a0',
    '\u3000',
    'ß',
  ];
  const text = fc.oneof(
    fc.string({ unit: fc.constantFrom(...edge), maxLength: 40 }),
    fc.string({ unit: 'binary-ascii', maxLength: 60 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  );
  fc.assert(
    fc.property(text, (t) => {
      const expected = t.match(RULE) ?? [];
      expect(tokenize(t)).toEqual(expected);
      expect(countTokens(t)).toBe(expected.length);
    }),
    { numRuns: 3000, seed: 11 },
  );
  for (const t of ['abc123456 x', ' 1234', 'a  b', ' .x', '12é', 'caf\u00e9 ok', 'x \u00a0y', '1\u0663'])
    expect(tokenize(t)).toEqual(t.match(RULE) ?? []);
});
