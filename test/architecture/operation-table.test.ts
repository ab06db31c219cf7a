/**
 * Each operation is defined once (src/core/operations.ts), and whatever else is kept per operation is
 * an `OperationTable` or an exhaustive switch: an operation added to the report schema's enum and
 * forgotten by a module does not compile. The first test is the compiler's (`npm test` type-checks
 * this file: an `@ts-expect-error` that no longer errors fails it); the second finds the tables.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { expect, test } from 'vitest';
import { exhaustive, OPERATIONS, type OperationId, type OperationTable } from '../../src/core/operations.js';
import { packageRoot } from '../../src/core/package-root.js';

const ROOT = packageRoot();

test('a table or a switch that forgets an operation, or names one that is not, does not compile', () => {
  // @ts-expect-error: 'scores.read' is forgotten.
  const forgets: OperationTable<number> = {
    'chat.create': 1,
    'training-jobs.create': 2,
    'training-jobs.get': 3,
    'trajectories.log': 4,
    'predictions.list': 5,
    'predictions.read': 6,
    'scores.list': 7,
  };
  const invents: OperationTable<number> = {
    'chat.create': 1,
    'training-jobs.create': 2,
    'training-jobs.get': 3,
    'trajectories.log': 4,
    'predictions.list': 5,
    'predictions.read': 6,
    'scores.list': 7,
    'scores.read': 8,
    // @ts-expect-error: no such operation.
    'scores.delete': 9,
  };
  const family = (op: OperationId): string => {
    switch (op) {
      case 'chat.create':
        return 'chat';
      default:
        // @ts-expect-error: seven operations have no case.
        return exhaustive(op);
    }
  };
  expect([Object.keys(forgets).length, Object.keys(invents).length, family('chat.create')]).toEqual([7, 9, 'chat']);
  expect(() => exhaustive('scores.delete' as never)).toThrow(/not an operation/);
  expect(OPERATIONS.map((op) => op.id)).toHaveLength(8);
});

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sources(rel);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [rel.split(sep).join('/')] : [];
  });
}

test('every object keyed by operation ids outside the operation table is typed as one', () => {
  const untyped: string[] = [];
  let tables = 0;
  for (const file of ['app', 'src', 'suites', 'mock', 'scripts', 'reporters'].flatMap(sources)) {
    if (file === 'src/core/operations.ts') continue;
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!/^\s*'chat\.create':/.test(line)) return;
      // The declaration the key belongs to: the nearest line above that opens one.
      const head = lines.slice(0, i).findLast((l) => /^\s*(export\s+)?(const|let)\s|=\s*\{\s*$/.test(l)) ?? '';
      tables++;
      // A table of a named subset (`Record<BodyOperation, …>`) or an explicitly partial one passes too.
      if (!/OperationTable<|Partial<Record<OperationId|Record<\w+Operation,/.test(head))
        untyped.push(`${file}:${i + 1}: ${head.trim()}`);
    });
  }
  expect(tables).toBeGreaterThanOrEqual(2);
  expect(untyped).toEqual([]);
});
