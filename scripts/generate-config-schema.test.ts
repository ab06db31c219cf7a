/**
 * The config file's schema is generated from `conformance run`'s option table: each key of the
 * schema is an option of the table and each config key of the table a key of the schema (report
 * files aside: the CLI judges them, reporters/registry.ts names them), and the committed file is what
 * the table gives (`npm run check:generated` says so too).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { RUN_OPTIONS } from '../app/cli/options/run.js';
import type { CliOption } from '../app/cli/options/table.js';
import { REPORT_FORMATS } from '../reporters/registry.js';
import { packageRoot } from '../src/core/package-root.js';
import { configSchema } from './generate-config-schema.js';

type Schema = { properties?: Record<string, Schema> };
const committed = JSON.parse(
  readFileSync(join(packageRoot(), 'schemas/config/conformance-config.json'), 'utf8'),
) as Schema;

/** The schema's keys, a nested one dotted (`listParams.limit`). */
function keysOf(schema: Schema, prefix = ''): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
    child.properties ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const options = Object.entries<CliOption>(RUN_OPTIONS);

test('each key of the schema is an option of `run`, and each option with a config key is in the schema', () => {
  const inSchema = options.filter(([, o]) => o.config && o.kind?.schema !== null).map(([, o]) => o.config);
  expect(keysOf(committed).sort()).toEqual(['$schema', ...inSchema].sort());
  expect(inSchema.length).toBeGreaterThan(25);
});

test('the config keys left out of the schema are the report formats; no secret has a config key', () => {
  const judgedByCli = options.filter(([, o]) => o.config && o.kind?.schema === null).map(([, o]) => o.config);
  expect(judgedByCli.sort()).toEqual(REPORT_FORMATS.map((f) => f.name).sort());
  expect(options.filter(([, o]) => o.secret && o.config)).toEqual([]);
  expect(options.filter(([, o]) => o.secret).map(([flag]) => flag)).toEqual(['token', 'basic']);
});

test('the committed schema is the one the table gives', () => {
  expect(committed).toEqual(configSchema(RUN_OPTIONS));
});
