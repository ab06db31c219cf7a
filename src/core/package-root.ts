/** @module Locates the package root (where `schemas/` and `package.json` live) from compiled or source code. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** The directory holding this package's `package.json`, found by walking up from this module. */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'schemas'))) return (cached = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new Error('conformance: cannot find the package root (schemas/ next to package.json)');
    dir = parent;
  }
}

/** The text of a file the package ships, by its path from the package root (`fixtures/…`). */
export const packageFile = (...path: string[]): string => readFileSync(join(packageRoot(), ...path), 'utf8');

/** A list of chat request fields in fixtures/chat-fields.json, by its name there. */
export const chatFields = (name: 'notThePrompt' | 'deploymentKnobs'): ReadonlySet<string> =>
  new Set((JSON.parse(packageFile('fixtures', 'chat-fields.json')) as Record<typeof name, string[]>)[name]);
