/** @module A run through the CLI with both credentials and writes on, its JSON report read back (test/served). */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { runCommand } from '../../app/cli/run-command.js';
import type { RunReport } from '../../src/core/report.js';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { capturingOutput } from './stdout.js';

/** A run of `url` writing `json`; its exit code, stderr and report. */
export async function runChatOnly(url: string, json: string, ...flags: string[]) {
  const out = await capturingOutput(() =>
    runCommand([
      '--target',
      url,
      '--token',
      DEFAULT_TOKEN,
      '--basic',
      `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`,
      '--allow-writes',
      '--no-color',
      '--json',
      json,
      ...flags,
    ]),
  );
  expect(out.error).toBeUndefined();
  const report = (JSON.parse(readFileSync(json, 'utf8')) as { reports: RunReport[] }).reports[0]!;
  return { code: out.result, stderr: out.stderr, report };
}
