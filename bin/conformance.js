#!/usr/bin/env node
// Launcher: the TypeScript sources are compiled to dist/ by `npm run build` (run by `prepare` on `npm ci`).
import { existsSync } from 'node:fs';
const entry = new URL('../dist/app/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('conformance: not built yet (dist/ is missing). Run `npm ci` or `npm run build` first. [CTS_NOT_BUILT]\n');
  process.exit(2);
}
await import(entry.href);
