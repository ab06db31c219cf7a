/**
 * @module The JSON reports `conformance merge` reads, each validated against
 * `schemas/report/run-report.json`; anything else is one `CTS_BAD_REPORT` line naming the file.
 */
import { readFileSync } from 'node:fs';
import { ConformanceError } from '../core/errors.js';
import { REPORT_SCHEMA_VERSION, type RunReport } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import { jsonOrThrow } from '../core/values.js';
import { registry } from '../schemas/registry.js';

/** One report to merge and the file it came from (for messages). */
export interface MergeInput {
  readonly file: string;
  readonly report: RunReport;
}

const badReport = (file: string, why: string): ConformanceError =>
  new ConformanceError('CTS_BAD_REPORT', `${file}: ${why}`);

/** An INFO observation is written as a pass with `observed: true` (reporters/json.ts): read back as the fail it was. */
function asRun(r: CheckResult): CheckResult {
  if (!r.observed) return r;
  const { observed: _, ...rest } = r;
  return { ...rest, status: 'fail' };
}

/** The reports of one JSON report file, validated; throws `CTS_BAD_REPORT` naming the file. */
export function readReportFile(file: string): MergeInput[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw badReport(file, `cannot read the report (${code === 'ENOENT' ? 'no such file' : (code ?? 'error')})`);
  }
  const doc = jsonOrThrow(text, (m) =>
    badReport(file, `not valid JSON (${m.split('\n')[0]}): give the file of --json`),
  );
  const version = (doc as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (typeof doc !== 'object' || doc === null || !Array.isArray((doc as { reports?: unknown }).reports))
    throw badReport(file, 'not a JSON report (no "reports" list): give the file of --json');
  if (version !== REPORT_SCHEMA_VERSION)
    throw badReport(
      file,
      `a report of schema ${JSON.stringify(version)}, this suite reads ${REPORT_SCHEMA_VERSION}: merge reports written by this version of the suite`,
    );
  const outcome = registry().validate('report/run-report', doc);
  if (!outcome.ok) {
    const first = outcome.errors[0]!;
    throw badReport(
      file,
      `not a valid report: ${first.instancePath || '/'} ${first.message ?? first.keyword}${outcome.errors.length > 1 ? ` (and ${outcome.errors.length - 1} more)` : ''}`,
    );
  }
  const reports = (doc as { reports: RunReport[] }).reports;
  if (reports.length === 0) throw badReport(file, 'holds no report (an empty "reports" list)');
  return reports.map((report) => ({ file, report: { ...report, results: report.results.map(asRun) } }));
}

export function readReportFiles(files: readonly string[]): MergeInput[] {
  return files.flatMap(readReportFile);
}
