/** @module The scripts a mock starts with: values, or a JSON file of one or many; a mistake throws ScriptError. */
import { jsonOrThrow } from '../../src/core/values.js';
import { readFileSync } from 'node:fs';
import type { Script } from './types.js';
import { type CheckedScript, checkedOrThrow, ScriptError } from './validate.js';

function readScriptsFile(path: string): unknown[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ScriptError(`scripts: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const value = jsonOrThrow(text, (m) => new ScriptError(`scripts: ${path} is not JSON (${m})`));
  return Array.isArray(value) ? value : [value];
}

/** The scripts checked, oldest first (a later one is tried before an earlier one). */
export function loadScripts(scripts: readonly Script[] | string): CheckedScript[] {
  const values: readonly unknown[] = typeof scripts === 'string' ? readScriptsFile(scripts) : scripts;
  if (!Array.isArray(values)) throw new ScriptError('scripts: must be an array of scripts or a file path');
  return values.map((value, i) => checkedOrThrow(value, `scripts[${i}].`));
}
