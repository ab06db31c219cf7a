/** @module Writes (or with --check, verifies) every generated file registered in `scripts/drift-checked.ts`. */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { packageRoot } from '../src/core/package-root.js';
import { GENERATORS } from './drift-checked.js';

const check = process.argv.includes('--check');
const root = packageRoot();
let drift = 0;
for (const gen of GENERATORS) {
  for (const { path, content } of await gen()) {
    const full = join(root, path);
    const current = existsSync(full) ? readFileSync(full, 'utf8') : undefined;
    if (current === content) continue;
    if (check) {
      drift++;
      process.stderr.write(`generated file out of date: ${path} (run \`npm run generate\`)\n`);
    } else {
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
      process.stdout.write(`wrote ${path}\n`);
    }
  }
}
if (check) process.stdout.write(drift ? '' : 'generated files are up to date\n');
process.exitCode = drift ? 1 : 0;
