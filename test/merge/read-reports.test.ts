/** `conformance merge` reads JSON reports back as the runs they were; anything else is one line naming the file. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { describeError } from '../../src/core/errors.js';
import { renderJson } from '../../reporters/json.js';
import { singleTargetRun } from '../fixtures-results/reports.js';
import { readReportFile } from '../../src/merge/inputs.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-merge-inputs-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const why = (path: string): string => {
  try {
    readReportFile(path);
    return 'read';
  } catch (err) {
    const { code, message } = describeError(err);
    return `${code}: ${message.replace(`${dir}/`, '')}`;
  }
};

test('a JSON report reads back as the run it was: an INFO observation is its fail again', () => {
  const run = singleTargetRun();
  const [input] = readReportFile(file('run.json', renderJson(run)));
  expect(input?.report.results).toEqual(
    run[0]!.results.map((r) => JSON.parse(JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)))),
  );
});

test('what is not a report of this version is one line naming the file', () => {
  expect(why(join(dir, 'absent.json'))).toBe('CTS_BAD_REPORT: absent.json: cannot read the report (no such file)');
  expect(why(file('cut.json', '{"schemaVersion": "1.4", "repo'))).toMatch(
    /^CTS_BAD_REPORT: cut.json: not valid JSON \(/,
  );
  expect(why(file('junit.json', '[1, 2]'))).toBe(
    'CTS_BAD_REPORT: junit.json: not a JSON report (no "reports" list): give the file of --json',
  );
  expect(why(file('old.json', '{"schemaVersion": "1.3", "reports": []}'))).toBe(
    'CTS_BAD_REPORT: old.json: a report of schema "1.3", this suite reads 1.5: merge reports written by this version of the suite',
  );
  const doc = JSON.parse(renderJson(singleTargetRun())) as { reports: { seed: unknown }[] };
  doc.reports[0]!.seed = 'seven';
  expect(why(file('bad.json', JSON.stringify(doc)))).toBe(
    'CTS_BAD_REPORT: bad.json: not a valid report: /reports/0/seed must be integer',
  );
  expect(why(file('empty.json', renderJson([])))).toBe(
    'CTS_BAD_REPORT: empty.json: holds no report (an empty "reports" list)',
  );
});
