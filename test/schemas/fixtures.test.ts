/**
 * The fixtures against the schemas:
 * - `fixtures/requests/<operation>/*.json`: valid requests. For an operation with a body the file is
 *   the body and must satisfy the operation's request schema and its convention overlay; for the
 *   others it is `{ "path": {...}, "query": {...} }`, checked against `schemas/params/`.
 * - `fixtures/examples/<schema name>/*.json`: valid bodies of that schema (responses, records, errors).
 * - `fixtures/requests/invalid/*.json` and `fixtures/examples/invalid/*.json`: `{ schema, keyword,
 *   instancePath?, value }`, each failing with the expected ajv keyword (at the expected place).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, type Operation } from '../../src/core/operations.js';
import { loadRegistry } from '../../src/schemas/registry.js';
import { isInvalidCase, readJsonFiles, ROOT, type JsonFile } from './helpers.js';

const reg = loadRegistry();

/** The SHOULD-level overlay of a spec-level schema, when there is one (`conventions/<same file name>`). */
function overlayOf(schema: string): string | undefined {
  const candidate = 'conventions/' + schema.split('/').pop();
  return reg.names.includes(candidate) ? candidate : undefined;
}

function errorsOf(schema: string, value: unknown): string {
  const result = reg.validate(schema, value);
  return result.ok ? '' : reg.ajv.errorsText(result.errors, { dataVar: schema });
}

const requestFixtures = readJsonFiles('fixtures/requests').filter(
  (f) => !f.file.startsWith('fixtures/requests/invalid/'),
);
const exampleFixtures = readJsonFiles('fixtures/examples').filter(
  (f) => !f.file.startsWith('fixtures/examples/invalid/'),
);
const invalidFixtures = [...readJsonFiles('fixtures/requests/invalid'), ...readJsonFiles('fixtures/examples/invalid')];

function operationOf(file: string): Operation {
  const id = file.split('/')[2];
  const op = OPERATIONS.find((o) => o.id === id);
  if (!op) throw new Error(`${file}: folder ${String(id)} is not an operation id`);
  return op;
}

describe('valid request fixtures', () => {
  it('every operation has at least one fixture', () => {
    for (const op of OPERATIONS) expect(existsSync(join(ROOT, 'fixtures/requests', op.id)), op.id).toBe(true);
    const counts = new Map<string, number>();
    for (const f of requestFixtures) counts.set(operationOf(f.file).id, (counts.get(operationOf(f.file).id) ?? 0) + 1);
    for (const op of OPERATIONS) expect(counts.get(op.id) ?? 0, op.id).toBeGreaterThan(0);
  });

  it.each(requestFixtures.map((f) => [f.file, f] as const))('%s', (_file, fixture: JsonFile) => {
    const op = operationOf(fixture.file);
    if (op.requestSchema) {
      expect(errorsOf(op.requestSchema, fixture.value)).toBe('');
      const overlay = overlayOf(op.requestSchema);
      if (overlay) expect(errorsOf(overlay, fixture.value)).toBe('');
      return;
    }
    const { path, query, ...rest } = fixture.value as {
      path?: Record<string, string>;
      query?: Record<string, unknown>;
    };
    expect(Object.keys(rest), 'only path and query').toEqual([]);
    const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    expect(Object.keys(path ?? {}).sort(), 'exactly the path template parameters').toEqual(names.sort());
    expect(errorsOf('params/path-params', path)).toBe('');
    if (op.jsonl) {
      expect(errorsOf('params/list-query', query ?? {})).toBe('');
      expect(errorsOf('conventions/list-query', query ?? {})).toBe('');
    } else {
      expect(query, 'only the list operations take query parameters').toBeUndefined();
    }
  });

  it('the spec-defaults fixture sends exactly the request defaults stated in §4.1', () => {
    const fixture = requestFixtures.find((f) => f.file === 'fixtures/requests/chat.create/spec-defaults.json');
    const { messages: _messages, ...sent } = fixture!.value as Record<string, unknown>;
    const properties = reg.schema('chat/chat-completion-request').properties as Record<string, { default?: unknown }>;
    const defaults = Object.fromEntries(
      Object.entries(properties)
        .filter(([, p]) => 'default' in p)
        .map(([k, p]) => [k, p.default]),
    );
    expect(sent).toEqual(defaults);
  });
});

describe('valid response, record and error examples', () => {
  it.each(exampleFixtures.map((f) => [f.file, f] as const))('%s', (file, fixture: JsonFile) => {
    const schema = file.replace(/^fixtures\/examples\//, '').replace(/\/[^/]+\.json$/, '');
    expect(reg.names, `folder names a schema: ${schema}`).toContain(schema);
    expect(errorsOf(schema, fixture.value)).toBe('');
  });
});

describe('invalid examples fail with the expected ajv keyword', () => {
  it('there are invalid examples for the cases the issue names', () => {
    const names = invalidFixtures.map((f) => f.file);
    for (const needle of [
      'seed-above',
      'seed-below',
      'truncate-prompt-tokens-below',
      'truncate-prompt-tokens-above',
      'reasoning-effort',
      'tool-choice',
      'missing-messages',
      'model-id-not-uuid',
    ]) {
      expect(
        names.some((n) => n.includes(needle)),
        needle,
      ).toBe(true);
    }
  });

  it.each(invalidFixtures.map((f) => [f.file, f] as const))('%s', (_file, fixture: JsonFile) => {
    expect(isInvalidCase(fixture.value)).toBe(true);
    if (!isInvalidCase(fixture.value)) return;
    const { schema, keyword, instancePath, value } = fixture.value;
    const result = reg.validate(schema, value);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const hits = result.errors.filter(
      (e) => e.keyword === keyword && (instancePath === undefined || e.instancePath === instancePath),
    );
    expect(
      hits,
      `expected ${keyword} at ${instancePath ?? '(anywhere)'}; got ${reg.ajv.errorsText(result.errors)}`,
    ).not.toHaveLength(0);
  });
});
