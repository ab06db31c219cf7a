/**
 * The import graph of the repository, read from the sources (tests included): static `import` and
 * `export ... from`, side-effect imports, and `import('...')` with a literal specifier (dynamic
 * imports and `typeof import(...)` types). Comments are not read. A relative specifier is resolved
 * to the file it names (`./x.js` is `x.ts`; `dist/...` is the source it is built from); any other
 * specifier is a package. The architecture tests judge the edges; `cyclesOf` finds the loops.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { packageRoot } from '../../src/core/package-root.js';

const ROOT = packageRoot();

export interface Edge {
  /** The importing file, relative to the root, with `/`. */
  readonly from: string;
  /** The imported file (relative to the root, with `/`), or the package's specifier. */
  readonly to: string;
  /** `to` names a package (or a `node:` module), not a file of the repository. */
  readonly external: boolean;
  /** `import type` / `export type`, or a `typeof import(...)`: gone at run time. */
  readonly typeOnly: boolean;
}

const SOURCE = /\.(?:ts|mts|js|mjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '__snapshots__']);

/** Every source file under `dir` (relative to the root, with `/`), tests included. */
function sourceFiles(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) ? [] : sourceFiles(rel);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
}

export const isTest = (file: string): boolean => file.endsWith('.test.ts');

/** The code of a file without its comments (block comments, and lines that are only a comment). */
function code(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

/** `import x from`, `import { a, type b } from`, `import * as ns from`, `export { a } from`, `export * from`. */
const STATIC =
  /^[ \t]*(?:import|export)\s+(type\s+)?(?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)\s+from\s+['"]([^'"]+)['"]/gm;
/** `import './side-effect.js'`. */
const BARE = /^[ \t]*import\s+['"]([^'"]+)['"]/gm;
/** `import('./x.js')`, `await import('x')`, `typeof import('./x.js')`. */
const DYNAMIC = /(\btypeof\s+)?\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolve(from: string, specifier: string): string {
  const path = normalize(join(dirname(from), specifier))
    .split(sep)
    .join('/');
  const source = path.replace(/^dist\//, '');
  for (const candidate of [source.replace(/\.(m?)js$/, '.$1ts'), source, `${source}.ts`, `${source}/index.ts`])
    if (existsSync(join(ROOT, candidate)) && SOURCE.test(candidate)) return candidate;
  return path;
}

/** The imports of one file. */
function importsOf(file: string): Edge[] {
  const text = code(file);
  const found: { specifier: string; typeOnly: boolean }[] = [
    ...[...text.matchAll(STATIC)].map((m) => ({ specifier: m[2]!, typeOnly: Boolean(m[1]) })),
    ...[...text.matchAll(BARE)].map((m) => ({ specifier: m[1]!, typeOnly: false })),
    ...[...text.matchAll(DYNAMIC)].map((m) => ({ specifier: m[2]!, typeOnly: Boolean(m[1]) })),
  ];
  return found.map(({ specifier, typeOnly }) => {
    const external = !specifier.startsWith('.');
    return { from: file, to: external ? specifier : resolve(file, specifier), external, typeOnly };
  });
}

/** The imports of every source file under the given folders. */
export function importGraph(dirs: readonly string[]): Edge[] {
  return dirs.flatMap(sourceFiles).flatMap(importsOf);
}

/**
 * The import cycles among the edges' files, one per strongly connected component of the graph, each
 * as the shortest loop through the component's first file (`[a, b, a]`), so a failure names files
 * a person can open. Type-only imports count: a loop of types still ties the modules together.
 */
export function cyclesOf(edges: readonly Pick<Edge, 'from' | 'to'>[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, []);
    if (!next.has(to)) next.set(to, []);
    if (!next.get(from)!.includes(to)) next.get(from)!.push(to);
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || next.get(v)!.includes(v)) components.push(component.sort());
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return components
    .map((component) => shortestLoop(component[0]!, new Set(component), next))
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The shortest path from `start` back to itself inside one component (breadth first). */
function shortestLoop(start: string, within: ReadonlySet<string>, next: ReadonlyMap<string, string[]>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of next.get(v)!) {
      if (!within.has(w)) continue;
      if (w === start) {
        const loop = [v];
        while (loop[0] !== start) loop.unshift(previous.get(loop[0]!)!);
        return [...loop, start];
      }
      if (!previous.has(w) && w !== start) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
