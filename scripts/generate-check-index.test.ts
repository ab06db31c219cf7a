import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { packageRoot } from '../src/core/package-root.js';
import { CATALOGUE } from '../suites/index.js';
import { AreaSources } from './check-id-sources.js';
import { checkIdPlaces, generateCheckIndex } from './generate-check-index.js';

const root = packageRoot();
const areas = await checkIdPlaces(root);
const places = areas.flatMap((a) => a.places);
const lineOf = (file: string, line: number): string =>
  readFileSync(join(root, file), 'utf8').split('\n')[line - 1] ?? '';

test('every check of the catalogue has one row, in the area whose folder writes it or the rule it takes its id from', async () => {
  const [doc] = await generateCheckIndex();
  const rows = doc!.content.split('\n').filter((l) => l.startsWith('| `'));
  expect(rows.map((r) => r.split('`')[1]).sort()).toEqual(CATALOGUE.map((c) => c.id).sort());
  for (const { folder, places: inArea } of areas)
    for (const p of inArea) expect(p.file, p.id).toMatch(new RegExp(`^(suites/${folder}/|src/rules/)`));
});

test("each listed line writes the check's id, or the template that builds it with its literal stem", () => {
  for (const p of places) {
    const line = lineOf(p.file, p.line);
    expect(line, `${p.id} at ${p.file}:${p.line}`).toContain(p.stem ?? p.id);
    if (p.stem !== undefined) expect(p.stem.length, `${p.id}: a template with no literal text`).toBeGreaterThan(1);
    for (const part of p.parts) expect(lineOf(part.file, part.line), `${p.id}: ${part.text}`).toContain(part.text);
  }
});

test('the line that defines an id is chosen over one that only names it (in a message, a list of ids)', () => {
  // The id is taken by a check's `id:` (a records row's for one kind, on a line of its own when
  // long), or held by a constant or a function it calls there.
  const defines = /\bid:|\bconst\b|^\s*(?:predictions|scores): '/;
  for (const p of places) expect(lineOf(p.file, p.line), `${p.id} at ${p.file}:${p.line}`).toMatch(defines);
  const built = places.find((p) => p.id === 'errors.rejects-invalid-body.chat-create');
  expect(built?.written).toBe(`\`errors.rejects-invalid-body.\${slugOf(op)}\``);
});

test('a streamed check is found at the template and at its base id; an id no source writes is not found', () => {
  const streamed = places.find((p) => p.id === 'chat-completions.returns-request-id.streamed');
  expect(streamed?.parts.map((p) => p.text)).toEqual(['chat-completions.returns-request-id']);
  expect(new AreaSources(root, 'load').locate('load.never-written')).toBeUndefined();
});
