/**
 * The validators the build compiles ahead of time (dist/, build-standalone.ts) judge exactly as the
 * ones compiled at run time: same verdict and same errors for every fixture, valid and invalid.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { packageRoot } from '../core/package-root.js';
import { loadRegistry } from './registry.js';

const built = join(packageRoot(), 'dist', 'src', 'schemas', 'registry.js');

test.skipIf(!existsSync(built))('the build-time validators and the run-time ones agree on every fixture', async () => {
  const dist = (await import(built)) as { loadRegistry: typeof loadRegistry };
  const ahead = dist.loadRegistry();
  const runtime = loadRegistry(undefined, { standalone: false });
  // The standalone module is in use (not a silent fallback to compiling).
  expect(ahead.validator('chat/chat-completion-request').toString()).not.toBe(
    runtime.validator('chat/chat-completion-request').toString(),
  );
  const fixtures = join(packageRoot(), 'fixtures');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
    );
  let compared = 0;
  for (const file of files(fixtures)) {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    for (const name of runtime.names) {
      expect(ahead.validate(name, value), `${name} on ${file}`).toEqual(runtime.validate(name, value));
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(100);
});
