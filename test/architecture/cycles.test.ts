/**
 * No import cycle anywhere: static, dynamic and type-only imports, tests included. A cycle makes
 * modules one unit that can only be understood, tested and moved together, and its run-time order
 * depends on which module is loaded first. The failure lists each cycle as a loop of files.
 */
import { expect, test } from 'vitest';
import { cyclesOf, importGraph } from './import-graph.js';

const FOLDERS = ['app', 'src', 'suites', 'mock', 'reporters', 'scripts', 'bin', 'bench', 'test'];

test('no file imports itself back, through any chain of imports', () => {
  const edges = importGraph(FOLDERS).filter((e) => !e.external);
  expect(edges.length).toBeGreaterThan(1500);
  expect(cyclesOf(edges).map((loop) => loop.join(' → '))).toEqual([]);
});

test('a cycle is found and shown as its shortest loop; a graph without one has none', () => {
  const edge = (from: string, to: string) => ({ from, to });
  expect(cyclesOf([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd'), edge('b', 'a')])).toEqual([
    ['a', 'b', 'a'],
  ]);
  expect(cyclesOf([edge('a', 'a')])).toEqual([['a', 'a']]);
  expect(cyclesOf([edge('a', 'b'), edge('b', 'c'), edge('a', 'c'), edge('d', 'c')])).toEqual([]);
  expect(cyclesOf([edge('x', 'y'), edge('y', 'x'), edge('p', 'q'), edge('q', 'r'), edge('r', 'p')])).toEqual([
    ['p', 'q', 'r', 'p'],
    ['x', 'y', 'x'],
  ]);
});
