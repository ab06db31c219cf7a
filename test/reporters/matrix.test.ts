import { expect, test } from 'vitest';
import { cellTone, computeMatrix, emptyCounts, formatCounts } from '../../reporters/matrix.js';
import { twoTargetRun } from '../fixtures-results/reports.js';

test('one column per target, rows in operation then level order, empty rows left out', () => {
  const m = computeMatrix(twoTargetRun());
  expect(m.targets.map((t) => t.name)).toEqual(['mock', 'staging & eu']);
  expect(m.rows.map((r) => `${r.section} ${r.level}`)).toEqual([
    '§4.1 MUST',
    '§4.2 MUST',
    '§4.3 MUST',
    '§4.4 MUST',
    '§4.5 SHOULD',
    '§4.5 INFO',
    '§4.8 SHOULD',
  ]);
  for (const row of m.rows) expect(row.cells).toHaveLength(2);
});

test('counts separate failures, errors, skips, known failures and INFO observations', () => {
  const m = computeMatrix(twoTargetRun());
  expect(m.totals[0]).toEqual({ total: 10, pass: 4, fail: 2, error: 1, skip: 1, known: 1, noted: 1 });
  expect(m.totals[1]).toEqual({ total: 3, pass: 2, fail: 1, error: 0, skip: 0, known: 0, noted: 0 });
  const known = m.rows.find((r) => r.operation === 'training-jobs.create');
  expect(known?.cells.map(formatCounts)).toEqual(['1 known', '1 pass']);
});

test('every result is counted once', () => {
  const reports = twoTargetRun();
  const m = computeMatrix(reports);
  reports.forEach((r, i) => {
    const sum = m.rows.reduce((s, row) => s + (row.cells[i]?.total ?? 0), 0);
    expect(sum).toBe(r.results.length);
  });
});

test('two targets with the same label still get distinct columns', () => {
  const [a, b] = twoTargetRun();
  const m = computeMatrix([a!, { ...b!, targetLabel: 'mock' }]);
  expect(m.targets.map((t) => t.name)).toEqual(['mock', 'mock #2']);
});

test('cell tone: failures and errors are bad, known and skips warn, passes and notes are good', () => {
  expect(cellTone(emptyCounts())).toBe('empty');
  expect(cellTone({ ...emptyCounts(), total: 2, pass: 1, error: 1 })).toBe('bad');
  expect(cellTone({ ...emptyCounts(), total: 2, pass: 1, known: 1 })).toBe('warn');
  expect(cellTone({ ...emptyCounts(), total: 2, pass: 1, noted: 1 })).toBe('good');
  expect(formatCounts(emptyCounts())).toBe('-');
});
