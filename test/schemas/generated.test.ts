/**
 * The drift check, in-process: every registered generator, run now, produces exactly the committed
 * file (the same comparison `npm run check:generated` makes on the built scripts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATORS } from '../../scripts/drift-checked.js';
import { ROOT } from './helpers.js';

const generated = (await Promise.all(GENERATORS.map((g) => g()))).flat();

describe('generated files are up to date (run `npm run generate` if not)', () => {
  it('the types and the OpenAPI document are registered', () => {
    expect(generated.map((f) => f.path)).toEqual(
      expect.arrayContaining(['src/generated/types.ts', 'openapi/openapi.json']),
    );
  });

  it.each(generated.map((f) => [f.path, f.content] as const))('%s matches its sources', (path, content) => {
    const full = join(ROOT, path);
    expect(existsSync(full), `${path} is committed`).toBe(true);
    // Compared as a boolean: a diff of a 30 kB file is noise; `npm run generate` shows what changed.
    expect(readFileSync(full, 'utf8') === content, `${path} is out of date`).toBe(true);
  });

  it('output is deterministic (a second run gives the same bytes) and the types carry the banner', async () => {
    const again = (await Promise.all(GENERATORS.map((g) => g()))).flat();
    expect(again).toEqual(generated);
    const types = readFileSync(join(ROOT, 'src/generated/types.ts'), 'utf8');
    expect(types.startsWith('/* eslint-disable */\n/**\n * GENERATED FILE, DO NOT EDIT.')).toBe(true);
    expect(types).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  });
});
