#!/usr/bin/env node
// Launcher: `npm run build` (run by `prepare` on `npm ci`) compiles the TypeScript sources to dist/ and
// bundles the command line into dist/cli/ (scripts/bundle-cli.ts), which starts faster. A compile
// newer than the bundle (tsc run alone) is loaded as compiled, so a launch never runs stale code.
import { existsSync, statSync } from 'node:fs';
const bundled = new URL('../dist/cli/main.js', import.meta.url);
const compiled = new URL('../dist/app/cli/main.js', import.meta.url);
const mtime = (url) => (existsSync(url) ? statSync(url).mtimeMs : undefined);
const bundleTime = mtime(bundled);
const compileTime = mtime(new URL('../dist/.tsbuildinfo', import.meta.url));
const entry = bundleTime !== undefined && (compileTime === undefined || bundleTime >= compileTime) ? bundled : compiled;
if (!existsSync(entry)) {
  process.stderr.write('conformance: not built yet (dist/ is missing). Run `npm ci` or `npm run build` first. [CTS_NOT_BUILT]\n');
  process.exit(2);
}
await import(entry.href);
