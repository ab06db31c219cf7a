/** @module Where each check id's text is written in suites/ and src/rules: id literals, templates that build ids, and their parts. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** A place in the sources: a repository path with forward slashes, and a 1-based line. */
export interface SourcePlace {
  readonly file: string;
  readonly line: number;
}

/** A literal (`exact`) or template (`pattern`, one capture per `${…}`) in the sources that writes (part of) check ids. */
interface IdText extends SourcePlace {
  readonly written: string;
  readonly exact?: string;
  readonly pattern?: RegExp;
  /** A template's literal parts, in order (the head first, possibly empty). */
  readonly parts: readonly string[];
  readonly rank: number;
}

/** Where one check id is written. */
export interface IdPlace extends SourcePlace {
  readonly id: string;
  readonly written: string;
  /** A template's longest literal part (what a grep for the id's stem finds); undefined when the id is written whole. */
  readonly stem?: string;
  /** The parts the template fills in, where they are written whole in the same area. */
  readonly parts: readonly (SourcePlace & { readonly text: string })[];
}

/** A literal that may be an id, or a part a template fills in (a rule's name): kebab-case or dotted. */
const ID_TEXT = /^[a-z0-9]+[-.][a-z0-9.-]+$/;
const ID_CHARS = /^[a-z0-9.-]*$/;
/** A rule's id template (src/rules): `auth.rejects-missing-credentials.{op}`, `{kind}.offset-skips`. */
const RULE_ID = /^(?:[a-z0-9.-]|\{op\}|\{kind\})+$/;
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** The names whose value or result a check's `id:` takes in one file (`id: CONTENT_TYPE`, `id: unauthorizedId(op)`). */
function idNamesOf(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'id') {
      const value = node.initializer;
      if (ts.isIdentifier(value)) names.add(value.text);
      if (ts.isCallExpression(value) && ts.isIdentifier(value.expression)) names.add(value.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** 3: what a check's `id:` takes (directly, or through a constant or function it names); 2: another constant or function result; 1: anything else. */
function rankOf(node: ts.Node, idNames: Set<string>): number {
  let at: ts.Node = node;
  while (ts.isConditionalExpression(at.parent) || ts.isParenthesizedExpression(at.parent)) at = at.parent;
  const parent = at.parent;
  const isId = (n: ts.Node) => ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && n.name.text === 'id';
  // `id: '…'`, or one kind's entry of a row's `id: { predictions: '…', scores: '…' }` (suites/records).
  if (isId(parent) || (ts.isPropertyAssignment(parent) && isId(parent.parent.parent))) return 3;
  const holder = ts.isArrowFunction(parent) ? parent.parent : parent;
  if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) return idNames.has(holder.name.text) ? 3 : 2;
  return ts.isArrowFunction(parent) || ts.isReturnStatement(parent) ? 2 : 1;
}

/** The id-like literals and templates of one source file. */
function idTextsOf(root: string, path: string): IdText[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  const file = relative(root, path).split('\\').join('/');
  const found: IdText[] = [];
  const idNames = idNamesOf(source);
  const place = (node: ts.Node) => ({
    file,
    line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    written: node.getText(source),
    rank: rankOf(node, idNames),
  });
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && ID_TEXT.test(node.text))
      found.push({ ...place(node), exact: node.text, parts: [node.text] });
    // A rule's id (src/rules): `{op}` and `{kind}` stand for the operation's slug and the record kind.
    if (ts.isStringLiteral(node) && RULE_ID.test(node.text)) {
      const parts = node.text.split(/\{(?:op|kind)\}/);
      const pattern = new RegExp(`^${parts.map(escapeRegExp).join('([a-z0-9-]+?)')}$`);
      found.push({ ...place(node), pattern, parts });
    }
    if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
      if (parts.every((p) => ID_CHARS.test(p)) && parts.join('').includes('.')) {
        const pattern = new RegExp(`^${parts.map(escapeRegExp).join('([a-z0-9.-]+?)')}$`);
        found.push({ ...place(node), pattern, parts });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return sourcesUnder(path);
      return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
    });
}

const literalChars = (t: IdText): number => t.parts.join('').length;
/** The likelier definition first: the higher rank, then a whole id before a template, then more literal text. */
const likelier = (a: IdText, b: IdText): number =>
  b.rank - a.rank || Number(b.exact !== undefined) - Number(a.exact !== undefined) || literalChars(b) - literalChars(a);

export class AreaSources {
  private readonly texts: IdText[];

  constructor(root: string, folder: string) {
    // The area's own files, then the rules (src/rules) whose ids its checks take.
    const rules = sourcesUnder(join(root, 'src', 'rules')).flatMap((p) => idTextsOf(root, p));
    this.texts = [...sourcesUnder(join(root, 'suites', folder)).flatMap((p) => idTextsOf(root, p)), ...rules];
  }

  /** Where `id` is written: the likeliest of the literals that write it whole and the templates that build it. */
  locate(id: string): IdPlace | undefined {
    const at = this.texts.filter((t) => t.exact === id || t.pattern?.test(id)).sort(likelier)[0];
    if (!at) return undefined;
    const base = { id, file: at.file, line: at.line, written: at.written };
    if (!at.pattern) return { ...base, parts: [] };
    const parts = at.pattern
      .exec(id)!
      .slice(1)
      .flatMap((text) => {
        const whole = this.texts.filter((t) => t.exact === text).sort(likelier)[0];
        return whole ? [{ text, file: whole.file, line: whole.line }] : [];
      });
    const stem = at.parts.reduce((a, b) => (b.length > a.length ? b : a), '');
    return { ...base, stem, parts };
  }
}
