import { expect, test } from 'vitest';
import { RECORD_KIND, type RecordKindName } from '../../src/core/record-kinds.js';
import { RECORD_ROWS, recordChecks } from './index.js';

test('a row names one rule: its id for each kind is the kind, a dot and the same rule name', () => {
  for (const row of RECORD_ROWS) {
    const entries = Object.entries(row.id) as [RecordKindName, string][];
    expect(entries.length).toBeGreaterThan(0);
    const rules = new Set(entries.map(([kind, id]) => id.slice(RECORD_KIND[kind].name.length + 1)));
    expect(rules.size, JSON.stringify(row.id)).toBe(1);
  }
});

test('each check takes its operation and section from what its row judges', () => {
  const rowOf = (id: string) => RECORD_ROWS.find((r) => (Object.values(r.id) as string[]).includes(id))!;
  const scores = recordChecks.find((c) => c.id === 'scores.known-id-not-found-elsewhere')!;
  expect([rowOf(scores.id).judges, scores.operation, scores.section]).toEqual(['read', 'scores.read', '§4.8']);
  const fields = recordChecks.find((c) => c.id === 'predictions.uri-fields-are-uris')!;
  expect([rowOf(fields.id).judges, fields.operation, fields.section]).toEqual(['fields', 'predictions.list', '§2.1']);
  expect(recordChecks.map((c) => c.id)).not.toContain('predictions.value-is-number');
});
