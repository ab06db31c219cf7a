import { expect, test } from 'vitest';
import { tokenId, tokenize } from './tokenizer.js';

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
