/** @module Build step: every schema's validator as ajv standalone code in dist/. */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { loadRegistry, SCHEMA_BASE, STANDALONE_FILE, standaloneName } from './registry.js';

// ajv's standalone entry is CommonJS; its default export arrives wrapped under NodeNext resolution.
const standaloneCode = ((standaloneModule as unknown as { default?: unknown }).default ??
  standaloneModule) as typeof import('ajv/dist/standalone/index.js').default;

const reg = loadRegistry(undefined, { standalone: false, source: true });
for (const name of reg.names) reg.validator(name);
const exports = Object.fromEntries(reg.names.map((name) => [standaloneName(name), SCHEMA_BASE + name + '.json']));
const out = join(dirname(fileURLToPath(import.meta.url)), STANDALONE_FILE);
writeFileSync(out, standaloneCode(reg.ajv, exports));
process.stdout.write(`wrote ${reg.names.length} validators to ${out}\n`);
