/**
 * @module The proxy's reports written while it runs, each atomically, so that a proxy killed hard
 * leaves its last complete report and never half of one.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { RunReport } from '../../src/core/report.js';
import { REPORT_FORMATS } from '../../reporters/registry.js';

/** Writes every report asked for, atomically; resolves with the paths written. */
export type WriteReports = () => Promise<string[]>;

function writeAtomically(path: string, text: string): void {
  const full = resolve(path);
  mkdirSync(dirname(full), { recursive: true });
  const temporary = join(dirname(full), `.${basename(full)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, full);
  } catch (err) {
    rmSync(temporary, { force: true });
    throw err;
  }
}

/** The writer of `outputs`: calls never overlap; one asked while another writes waits, then writes afresh. */
export function reportWriter(
  outputs: Readonly<Record<string, string>>,
  build: () => readonly RunReport[],
): WriteReports {
  let last: Promise<unknown> = Promise.resolve();
  const once = async (): Promise<string[]> => {
    const reports = build();
    const written: string[] = [];
    for (const format of REPORT_FORMATS) {
      const path = outputs[format.name];
      if (!path) continue;
      writeAtomically(path, await format.render(reports));
      written.push(path);
    }
    return written;
  };
  return () => {
    const next = last.then(once, once);
    last = next.catch(() => undefined);
    return next;
  };
}
