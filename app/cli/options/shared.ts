/**
 * @module Option groups several commands take, defined once: the report files (one per format of
 * reporters/registry.ts: the format's name is the flag, `--junit FILE`, and the config key) and what
 * is printed while and after running. `--help` is table.ts's (every command takes it); the connection
 * options (`--header`, `--proxy`, TLS) are ../connection-flags.ts's.
 */
import { REPORT_FORMATS } from '../../../reporters/registry.js';
import type { CliOption, Kind } from './table.js';

/** A report file; in the config file, judged by the CLI (../config-file.ts), not listed in its schema, so that a new format is one registry entry. */
const reportFile: Kind<string> = { read: (raw) => String(raw), schema: null };

/** `--<format> FILE` for every report format. */
export const REPORT_OPTIONS: Readonly<Record<string, CliOption<string> & { readonly type: 'string' }>> =
  Object.fromEntries(
    REPORT_FORMATS.map((f) => [
      f.name,
      { type: 'string', arg: 'FILE', help: f.help, group: 'reports', config: f.name, kind: reportFile } as const,
    ]),
  );

/** The report files asked for, by format name, each as `read` gives it (a flag; for `run`, the config file too). */
export function reportOutputs(read: (format: string) => unknown): Record<string, string> {
  return Object.fromEntries(
    REPORT_FORMATS.flatMap((f) => {
      const path = read(f.name);
      return typeof path === 'string' && path !== '' ? [[f.name, path]] : [];
    }),
  );
}

/** What a command prints while it runs and when it ends. */
export const OUTPUT_OPTIONS = {
  quiet: {
    type: 'boolean',
    short: 'q',
    help: 'nothing while running (no progress, no live findings) and no matrix',
    group: 'reports',
  },
  console: { type: 'boolean', help: 'print the matrix even when stdout is not a terminal', group: 'reports' },
  'no-color': {
    type: 'boolean',
    help: 'no colours in the matrix and the progress (as with the NO_COLOR variable)',
    group: 'reports',
  },
} as const;
