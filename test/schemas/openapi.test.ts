/**
 * The committed OpenAPI 3.1 document: validated by swagger-parser, then checked where swagger-parser
 * does not look for 3.1 documents (it validates the document's structure against the official 3.1
 * schema, but Schema Objects only loosely and no semantic rules: see decisions/0001-not-shown.md),
 * and checked to say what the schemas say (its components validate the fixtures exactly as the
 * registry does).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/core/operations.js';
import { ANNOTATION_KEYWORDS, createAjv, loadRegistry } from '../../src/schemas/registry.js';
import { isInvalidCase, readJsonFiles, ROOT } from './helpers.js';

type Json = Record<string, unknown>;
const doc = JSON.parse(readFileSync(join(ROOT, 'openapi/openapi.json'), 'utf8')) as Json;
const paths = doc.paths as Record<string, Record<string, Json>>;
const components = doc.components as Record<string, Record<string, Json>>;
const operations = Object.entries(paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op })),
);

function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

function resolvePointer(ref: string): unknown {
  let node: unknown = doc;
  for (const part of ref.replace(/^#\//, '').split('/'))
    node = (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

describe('openapi/openapi.json', () => {
  it('validates with swagger-parser (OpenAPI 3.1 schema, $refs resolvable)', async () => {
    const api = (await SwaggerParser.validate(structuredClone(doc) as never)) as unknown as Json;
    expect(api.openapi).toBe('3.1.0');
  });

  it('every $ref points at something', () => {
    const dangling = refsIn(doc).filter((ref) => !ref.startsWith('#/') || resolvePointer(ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it('operationIds are unique and every path template parameter is declared as a path parameter', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations) {
      const declared = ((op.parameters ?? []) as Json[])
        .map((p) => (typeof p.$ref === 'string' ? (resolvePointer(p.$ref) as Json) : p))
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
      const inTemplate = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(declared.sort(), `${method.toUpperCase()} ${path}`).toEqual(inTemplate.sort());
    }
  });

  it('has all eight operations and the §4.1 trailing-slash variant', () => {
    for (const op of OPERATIONS)
      expect(paths[op.path]?.[op.method.toLowerCase()], `${op.method} ${op.path}`).toBeDefined();
    expect(paths['/v1/chat/completions/']?.post).toBeDefined();
    expect(operations).toHaveLength(9);
  });

  it('applies the §5 security schemes per operation: bearer on /v1, basic on /v2', () => {
    const schemes = components.securitySchemes as Record<string, Json>;
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
    for (const { path, op } of operations) {
      expect(op.security, path).toEqual([{ [path.startsWith('/v2/') ? 'basicAuth' : 'bearerAuth']: [] }]);
    }
  });

  it('describes the list query parameters and answers the lists as application/jsonl', () => {
    for (const path of ['/v2/{entity}/{project}/predictions', '/v2/{entity}/{project}/scores']) {
      const op = paths[path]?.get as Json;
      const query = (op.parameters as Json[])
        .map((p) => resolvePointer(p.$ref as string) as Json)
        .filter((p) => p.in === 'query');
      expect(query.map((p) => [p.name, p.required, (p.schema as Json).type])).toEqual([
        ['evaluation_run_id', false, 'string'],
        ['limit', false, 'integer'],
        ['offset', false, 'integer'],
      ]);
      const ok = (op.responses as Record<string, Json>)['200'] as Json;
      expect(Object.keys(ok.content as Json)).toEqual(['application/jsonl']);
    }
  });

  it('documents the §7 validation-error response (422) for trajectory logging', () => {
    const log = paths['/v1/preview/models/{model_id}/log']?.post as Json;
    const r422 = (log.responses as Record<string, Json>)['422'] as Json;
    const response = resolvePointer(r422.$ref as string) as Json;
    expect(response.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } },
    });
  });

  it('every operation has a 200 response with a body schema, and POST operations a required JSON body', () => {
    for (const { path, method, op } of operations) {
      const ok = (op.responses as Record<string, Json>)['200'] as Json;
      expect(ok.content, `${method} ${path}`).toBeDefined();
      if (method === 'post')
        expect(op.requestBody, path).toMatchObject({ required: true, content: { 'application/json': {} } });
      else expect(op.requestBody, path).toBeUndefined();
    }
  });
});

describe('components/schemas say what schemas/ says', () => {
  // ajv compiles the components the way the registry compiles the files (strict, formats), with the
  // document as the base of the #/components/schemas/... references.
  const ajv = createAjv();
  ajv.addVocabulary(['components']);
  const DOC_ID = 'https://conformance-suite.local/openapi.json';
  ajv.addSchema({ $id: DOC_ID, components: { schemas: components.schemas } });
  const reg = loadRegistry();
  const componentOf = (name: string): string => String(reg.schema(name).title);
  const validate = (name: string, value: unknown): boolean => {
    const fn = ajv.getSchema(`${DOC_ID}#/components/schemas/${componentOf(name)}`);
    if (!fn) throw new Error(`no component for ${name}`);
    return fn(value) as boolean;
  };

  it('every component compiles in ajv strict mode', () => {
    for (const name of Object.keys(components.schemas ?? {})) {
      expect(() => ajv.getSchema(`${DOC_ID}#/components/schemas/${name}`), name).not.toThrow();
    }
    expect(ANNOTATION_KEYWORDS).toContain('x-spec-section');
  });

  it('every example and fixture gets the same verdict from the component as from the registry', () => {
    const cases: [string, string, unknown][] = [];
    for (const f of readJsonFiles('fixtures/examples')) {
      if (isInvalidCase(f.value)) cases.push([f.file, f.value.schema, f.value.value]);
      else cases.push([f.file, f.file.replace(/^fixtures\/examples\//, '').replace(/\/[^/]+\.json$/, ''), f.value]);
    }
    for (const f of readJsonFiles('fixtures/requests/invalid'))
      if (isInvalidCase(f.value)) cases.push([f.file, f.value.schema, f.value.value]);
    for (const f of readJsonFiles('fixtures/requests')) {
      const op = OPERATIONS.find((o) => o.id === f.file.split('/')[2]);
      if (op?.requestSchema) cases.push([f.file, op.requestSchema, f.value]);
    }
    expect(cases.length).toBeGreaterThan(50);
    for (const [file, schema, value] of cases)
      expect(validate(schema, value), `${file} against ${schema}`).toBe(reg.validate(schema, value).ok);
  });
});
