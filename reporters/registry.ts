/**
 * @module The report formats the CLI writes, by name (the flag `--<name> FILE` and the config key).
 * Renderers are imported when a report of their format is written, not when the CLI starts.
 */
import { hostname } from 'node:os';
import type { RunReport } from '../src/core/report.js';

export interface ReportFormat {
  /** The flag (`--<name> FILE`) and the config key; lower-case, one word. */
  readonly name: string;
  /** What the file is, for `--help`. */
  readonly help: string;
  render(reports: readonly RunReport[]): Promise<string>;
  /** A file the environment names that also gets the output appended (GitHub's step summary for Markdown). */
  appendTo?(env: NodeJS.ProcessEnv): string | undefined;
  /** That file in words, for the line that says where the reports are (`the job summary`). */
  readonly appendedAs?: string;
}

export const REPORT_FORMATS: readonly ReportFormat[] = [
  {
    name: 'junit',
    help: 'JUnit XML for CI test views (gating failures only)',
    render: async (r) => (await import('./junit.js')).renderJunit(r, { hostname: hostname() }),
  },
  {
    name: 'json',
    help: 'the whole report as JSON (schema in schemas/report)',
    render: async (r) => (await import('./json.js')).renderJson(r),
  },
  {
    name: 'markdown',
    help: 'the matrix and failures as Markdown (also appended to $GITHUB_STEP_SUMMARY when set)',
    render: async (r) => (await import('./markdown.js')).renderMarkdown(r),
    appendTo: (env) => env.GITHUB_STEP_SUMMARY || undefined,
    appendedAs: 'the job summary ($GITHUB_STEP_SUMMARY)',
  },
  {
    name: 'html',
    help: 'a self-contained HTML page with the matrix and the evidence',
    render: async (r) => (await import('./html.js')).renderHtml(r),
  },
];
