import { expect, test } from 'vitest';
import { markdownTable, sectionOf, seedRanges, withSection } from './table.js';

test('seeds read as ranges', () => {
  expect(seedRanges([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe('1–10');
  expect(seedRanges([6, 1, 2, 3])).toBe('1–3, 6');
  expect(seedRanges([4])).toBe('4');
});

test('a section is replaced between its markers, the prose around it kept, or appended when absent', () => {
  const doc = withSection('# Title\n\nProse.\n', 'faults', 'one');
  expect(sectionOf(doc, 'faults')).toBe('one');
  const again = withSection(`${doc}\nAfter.\n`, 'faults', 'two');
  expect(sectionOf(again, 'faults')).toBe('two');
  expect(again).toContain('Prose.');
  expect(again).toContain('After.');
  expect(again.split('accuracy:faults begin').length).toBe(2);
  expect(sectionOf(again, 'variants-1')).toBeUndefined();
});

test('a table escapes the pipes in its cells', () => {
  expect(markdownTable(['a', 'b'], [['x|y', 'z']])).toBe('| a | b |\n| --- | --- |\n| x\\|y | z |');
});
