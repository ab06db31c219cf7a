/**
 * Named parts instead of long closures: no function in a source file (a declaration, an arrow, a
 * function expression, a method, an accessor or a constructor; a nested closure counted by its own
 * span, from its first line to its last) is over 80 lines. The functions that were longer when the
 * guard came are listed in `DEBT` with their length then; the list only shrinks. A listed function
 * that grows fails, and so does one that is now within the limit or gone, so that the list stays
 * exact. A function is named `path:outer.inner`: its own name (or the variable, property or call it
 * is given to) after the names of the functions and classes around it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { packageRoot } from '../../src/core/package-root.js';

const ROOT = packageRoot();
const MAX_LINES = 80;
const FOLDERS = ['app', 'src', 'suites', 'mock', 'reporters', 'scripts', 'bench'];

/** Functions over the limit when the guard came, with their length then (lines). Only shrinks. */
const DEBT: Readonly<Record<string, number>> = {
  'bench/scenarios/latency.ts:latencyScenario': 105,
  'bench/scenarios/operations.ts:operationsScenario': 119,
  'bench/scenarios/proxy.ts:proxyScenario': 235,
  'bench/scenarios/startup.ts:startupScenario': 102,
  'bench/scenarios/suite.ts:suiteScenario': 111,
};

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = join(dir, e.name);
    if (e.isDirectory()) return rel === join('src', 'generated') || e.name === 'node_modules' ? [] : sources(rel);
    if (/\.(?:test|spec)\.[cm]?[jt]s$/.test(e.name) || e.name.endsWith('.d.ts')) return [];
    return /\.(?:ts|js|mjs)$/.test(e.name) ? [rel.split(sep).join('/')] : [];
  });
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

function isFunction(node: ts.Node): node is FunctionNode {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

function nameText(name: ts.Node | undefined, file: ts.SourceFile): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return name.getText(file);
}

/** A function's own name, or what it is given to: a variable, a property, a default export, a call's argument. */
function nameOf(node: FunctionNode, file: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const own = 'name' in node ? nameText(node.name, file) : undefined;
  if (own) return own;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return nameText(parent.name, file) ?? '<anonymous>';
  if (ts.isExportAssignment(parent)) return 'default';
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
    const callee = parent.expression.getText(file).replace(/\s+/g, '');
    return `${callee.length > 40 ? callee.slice(-40) : callee}(callback)`;
  }
  return '<anonymous>';
}

/** A check's `run` and its other methods are told apart by the check's `id` beside them. */
function checkIdOf(node: FunctionNode, file: ts.SourceFile): string | undefined {
  const holder = ts.isMethodDeclaration(node)
    ? node.parent
    : ts.isPropertyAssignment(node.parent)
      ? node.parent.parent
      : undefined;
  if (!holder || !ts.isObjectLiteralExpression(holder)) return undefined;
  for (const p of holder.properties) {
    if (!ts.isPropertyAssignment(p) || nameText(p.name, file) !== 'id') continue;
    const v = p.initializer;
    if (ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v)) return v.text;
    if (ts.isTemplateExpression(v)) return v.getText(file).slice(1, -1);
  }
  return undefined;
}

/** Every function of a source text with its length in lines (first line of its code to its last, both counted). */
function functionLengths(path: string, text: string): { id: string; lines: number }[] {
  const kind = path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: { id: string; lines: number }[] = [];
  const seen = new Map<string, number>();
  const line = (pos: number) => file.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node, scope: readonly string[]) => {
    let inner = scope;
    if (isFunction(node)) {
      const check = checkIdOf(node, file);
      inner = [...scope, ...(check ? [`[${check}]`] : []), nameOf(node, file)];
      const base = `${path}:${inner.join('.')}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      found.push({ id: n === 1 ? base : `${base}#${n}`, lines: line(node.getEnd()) - line(node.getStart(file)) + 1 });
    } else if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && node.name) {
      inner = [...scope, node.name.text];
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(file, []);
  return found;
}

/** What the guard says of the measured functions against the debt: empty when all is well. */
function offences(measured: readonly { id: string; lines: number }[], debt: Readonly<Record<string, number>>) {
  const problems: string[] = [];
  const byId = new Map(measured.map((m) => [m.id, m.lines]));
  for (const { id, lines } of measured) {
    if (lines <= MAX_LINES) continue;
    const owed = debt[id];
    if (owed === undefined) problems.push(`${id}: ${lines} lines (over ${MAX_LINES}; split it into named parts)`);
    else if (lines > owed) problems.push(`${id}: ${lines} lines (grew past its debt of ${owed}; it may only shrink)`);
  }
  for (const [id, owed] of Object.entries(debt)) {
    const lines = byId.get(id);
    if (lines === undefined) problems.push(`${id}: gone (was ${owed} lines); remove it from DEBT`);
    else if (lines <= MAX_LINES) problems.push(`${id}: ${lines} lines, within ${MAX_LINES}; remove it from DEBT`);
  }
  return problems;
}

test(`no function in a source file is over ${MAX_LINES} lines, except the listed debt, which only shrinks`, () => {
  const files = FOLDERS.flatMap(sources);
  expect(files.length).toBeGreaterThan(300);
  const measured = files.flatMap((f) => functionLengths(f, readFileSync(join(ROOT, f), 'utf8')));
  expect(measured.length).toBeGreaterThan(2000);
  expect(offences(measured, DEBT)).toEqual([]);
});

test('the guard measures nested closures by their own span and keeps the debt exact', () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
  const text = [
    'export function outer() {',
    body(10),
    '  const inner = () => {',
    body(85),
    '  };',
    '}',
    'class C { method() {',
    body(3),
    '} }',
    'run(() => 1);',
    "const check = { id: 'a.b', run() {} };",
  ].join('\n');
  const lengths = functionLengths('x.ts', text);
  expect(lengths).toEqual([
    { id: 'x.ts:outer', lines: 99 },
    { id: 'x.ts:outer.inner', lines: 87 },
    { id: 'x.ts:C.method', lines: 5 },
    { id: 'x.ts:run(callback)', lines: 1 },
    { id: 'x.ts:[a.b].run', lines: 1 },
  ]);
  expect(offences(lengths, { 'x.ts:outer': 99, 'x.ts:outer.inner': 87 })).toEqual([]);
  expect(offences(lengths, { 'x.ts:outer': 98, 'x.ts:outer.inner': 87 })).toEqual([
    'x.ts:outer: 99 lines (grew past its debt of 98; it may only shrink)',
  ]);
  expect(offences(lengths, { 'x.ts:outer': 99 })).toEqual([
    `x.ts:outer.inner: 87 lines (over ${MAX_LINES}; split it into named parts)`,
  ]);
  expect(offences(lengths, { 'x.ts:outer': 99, 'x.ts:outer.inner': 87, 'x.ts:C.method': 90, 'x.ts:gone': 81 })).toEqual(
    [
      `x.ts:C.method: 5 lines, within ${MAX_LINES}; remove it from DEBT`,
      'x.ts:gone: gone (was 81 lines); remove it from DEBT',
    ],
  );
});
