/** Every schema compiles in ajv strict mode, has the `$id` of its path and says where it comes from. */
import { describe, expect, it } from 'vitest';
import { API_SCHEMA_FOLDERS } from '../../scripts/generate-openapi.js';
import { loadRegistry, SCHEMA_BASE } from '../../src/schemas/registry.js';

const reg = loadRegistry();
/** The interface's schemas (other folders hold the suite's own formats: configuration, reports). */
const apiNames = reg.names.filter((n) => (API_SCHEMA_FOLDERS as readonly string[]).includes(n.split('/')[0] as string));

describe('schemas', () => {
  it('the registry holds every schema the operations need', () => {
    expect(reg.names.length).toBeGreaterThanOrEqual(25);
  });

  it.each(reg.names.map((n) => [n]))('%s compiles in strict mode', (name) => {
    expect(() => reg.validator(name)).not.toThrow();
    const schema = reg.schema(name);
    expect(schema.$id).toBe(`${SCHEMA_BASE}${name}.json`);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(typeof schema.title, 'a title names the generated type and OpenAPI component').toBe('string');
  });

  it.each(apiNames.map((n) => [n]))('%s says where it comes from (x-spec-section or x-convention)', (name) => {
    const schema = reg.schema(name);
    const origin = (s: Record<string, unknown>): boolean =>
      typeof s['x-spec-section'] === 'string' || typeof s['x-convention'] === 'string';
    if (name !== 'params/path-params') expect(origin(schema), name).toBe(true);
    for (const [key, def] of Object.entries((schema.$defs ?? {}) as Record<string, Record<string, unknown>>)) {
      const inherits = typeof schema['x-spec-section'] === 'string' || typeof schema['x-convention'] === 'string';
      expect(origin(def) || inherits, `${name}#/$defs/${key}`).toBe(true);
    }
    // Each top-level property of a spec-level schema carries its section (conventions overlays restate
    // properties of the schema they refine and carry x-convention at the top).
    if (typeof schema['x-spec-section'] === 'string' && !name.startsWith('conventions/')) {
      for (const [prop, sub] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)) {
        expect(
          typeof sub['x-spec-section'] === 'string' || name === 'chat/chat-completion-chunk',
          `${name}.${prop} has x-spec-section`,
        ).toBe(true);
      }
    }
  });
});
