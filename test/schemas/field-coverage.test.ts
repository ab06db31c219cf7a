/**
 * The field names of every table in §2 and §4 of the interface, held in tables/ (not read from the
 * interface document, which this project never reads), and checked against the schemas: a schema
 * that lacks a field of its table fails, and so does a spec-level schema with a property no table
 * names (a misspelling, or a field that belongs in a convention overlay).
 */
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../src/schemas/registry.js';
import { SchemaWalker } from './helpers.js';
import { CHAT_REQUEST_TABLES } from './tables/chat-request.js';
import { CHAT_RESPONSE_TABLES } from './tables/chat-response.js';
import { DATA_TYPE_TABLES } from './tables/data-types.js';
import { ERROR_TABLES } from './tables/errors.js';
import { PARAMETER_TABLES } from './tables/parameters.js';
import type { Table } from './tables/table.js';
import { TRAINING_TABLES } from './tables/training.js';

const TABLES: readonly Table[] = [
  ...DATA_TYPE_TABLES,
  ...CHAT_REQUEST_TABLES,
  ...CHAT_RESPONSE_TABLES,
  ...TRAINING_TABLES,
  ...PARAMETER_TABLES,
  ...ERROR_TABLES,
];

const walker = new SchemaWalker(loadRegistry());

describe('field coverage of the §2 and §4 tables', () => {
  it.each(TABLES.map((t) => [t.section, t] as const))('%s', (_section, table) => {
    const names = walker.propertyNames(table.schema, table.path);
    const missing = table.fields.filter((f) => !names.has(f));
    expect(missing, `${table.schema}${table.path ? ' at ' + table.path : ''} lacks fields of ${table.section}`).toEqual(
      [],
    );
    if (table.exact) {
      const extra = [...names].filter((n) => !table.fields.includes(n));
      expect(extra, `${table.schema}${table.path ? ' at ' + table.path : ''} has fields no table names`).toEqual([]);
    }
  });

  it('the §4.1 request table has its 55 fields (guards the list in tables/chat-request.ts against a lost line)', () => {
    expect(TABLES.find((t) => t.section === '§4.1 Request body')?.fields).toHaveLength(55);
  });
});
