/**
 * @module The config file of `conformance run`, read and judged against its schema; every mistake is
 * one `CTS_BAD_CONFIG` line naming the file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPORT_FORMATS } from '../../reporters/registry.js';
import { describeSchemaErrors } from '../../src/core/describe.js';
import { ConformanceError } from '../../src/core/errors.js';
import type { ConformanceConfig } from '../../src/generated/types.js';
import { registry } from '../../src/schemas/registry.js';

/** The config file: the schema's type (generated from schemas/config), plus the report keys of reporters/registry.ts. */
export type ConfigFile = ConformanceConfig & Readonly<Record<string, unknown>>;

/** The config file given, or `conformance.config.json` in `cwd` when there is one. */
export function loadConfigFile(path: string | undefined, cwd: string = process.cwd()): ConfigFile {
  const implicit = join(cwd, 'conformance.config.json');
  const file = path ?? (existsSync(implicit) ? implicit : undefined);
  if (!file) return {};
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'not valid JSON';
    throw new ConformanceError('CTS_BAD_CONFIG', `config file ${file}: ${why}`);
  }
  // Report keys are the registry's format names (reporters/registry.ts), judged here rather than
  // listed in the schema, so that a new format is one registry entry; every other key is the schema's.
  const { reports, rest } = splitReportKeys(data);
  for (const [key, value] of Object.entries(reports)) {
    if (typeof value !== 'string' || value === '')
      throw new ConformanceError(
        'CTS_BAD_CONFIG',
        `config file ${file}: "${key}" must be a file path (a non-empty string)`,
      );
  }
  const v = registry().validate('config/conformance-config', rest);
  if (!v.ok) throw new ConformanceError('CTS_BAD_CONFIG', `config file ${file}: ${describeSchemaErrors(v.errors, 3)}`);
  return data as ConfigFile;
}

function splitReportKeys(data: unknown): { reports: Record<string, unknown>; rest: unknown } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { reports: {}, rest: data };
  const reports: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data))
    (REPORT_FORMATS.some((f) => f.name === key) ? reports : rest)[key] = value;
  return { reports, rest };
}
