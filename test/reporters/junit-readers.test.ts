/**
 * The JUnit report as CI systems read it: valid against both XSDs (`xmllint --schema`), and read by
 * a real JUnit reader (Debian's python3-junitparser) with exactly the gate's failures: a failure the
 * gate ignores at the run's level is a skipped test there, neither failed nor passed. Skipped, saying so, where the tools are
 * absent (.ci/run installs them).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { renderJunit } from '../../reporters/junit.js';
import { gates } from '../../src/core/report.js';
import { operationLabel } from '../../src/core/operations.js';
import { targetNames } from '../../reporters/_internal/targets.js';
import { packageRoot } from '../../src/core/package-root.js';
import { singleTargetRun, twoTargetRun } from '../fixtures-results/reports.js';

const XSD = join(packageRoot(), 'test', 'reporters', 'xsd');
const PYTHON = '/usr/bin/python3';
const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;
const hasJunitparser = existsSync(PYTHON) && spawnSync(PYTHON, ['-c', 'import junitparser']).status === 0;
if (!hasXmllint || !hasJunitparser)
  console.warn(
    `junit-readers: skipped parts (xmllint ${hasXmllint}, python3-junitparser ${hasJunitparser}); apt-get install libxml2-utils python3-junitparser`,
  );

const dir = mkdtempSync(join(tmpdir(), 'cts-junit-'));
const runs = { 'one target': singleTargetRun(), 'two targets': twoTargetRun() };

test.skipIf(!hasXmllint).each(Object.keys(runs))('%s: valid against the Jenkins and the Ant XSD', (name) => {
  const file = join(dir, `${name.replace(/ /g, '-')}.xml`);
  writeFileSync(file, renderJunit(runs[name as keyof typeof runs], { hostname: 'ci' }));
  for (const xsd of ['jenkins-junit-10.xsd', 'ant-junit.xsd']) {
    const r = spawnSync('xmllint', ['--noout', '--schema', join(XSD, xsd), file], { encoding: 'utf8' });
    expect(r.status, `${xsd}: ${r.stderr}`).toBe(0);
  }
});

const READ = `
import json, sys
from junitparser import JUnitXml, Failure, Error, Skipped
out = {"failures": 0, "errors": 0, "skipped": [], "passed": []}
for suite in JUnitXml.fromfile(sys.argv[1]):
    for case in suite:
        kinds = [type(r) for r in case.result]
        if Failure in kinds: out["failures"] += 1
        elif Error in kinds: out["errors"] += 1
        elif Skipped in kinds: out["skipped"].append(case.classname + "::" + case.name)
        else: out["passed"].append(case.classname + "::" + case.name)
print(json.dumps(out))
`;

test.skipIf(!hasJunitparser).each(Object.keys(runs))(
  "%s: a real reader counts exactly the gate's failures and errors",
  (name) => {
    const reports = runs[name as keyof typeof runs];
    const file = join(dir, `read-${name.replace(/ /g, '-')}.xml`);
    writeFileSync(file, renderJunit(reports, { hostname: 'ci' }));
    const read = JSON.parse(execFileSync(PYTHON, ['-c', READ, file], { encoding: 'utf8' })) as {
      failures: number;
      errors: number;
      skipped: string[];
      passed: string[];
    };
    const names = targetNames(reports);
    const all = reports.flatMap((r, i) =>
      r.results.map((x) => ({
        x,
        level: r.level,
        key: `${operationLabel(x.operation)}${reports.length > 1 ? ` [${names[i]}]` : ''}::${x.id}`,
      })),
    );
    expect(read.failures).toBe(all.filter(({ x, level }) => x.status === 'fail' && gates(x, level)).length);
    expect(read.errors).toBe(all.filter(({ x }) => x.status === 'error' && !x.expectedFailure).length);
    // A SHOULD failure at --level must is a skipped test: no failure, and not shown passed.
    const notGating = all.filter(
      ({ x, level }) => x.status === 'fail' && x.level !== 'INFO' && !gates(x, level) && !x.expectedFailure,
    );
    expect(notGating.length, 'the fixtures have a failure that does not gate').toBeGreaterThan(0);
    for (const { key } of notGating) {
      expect(read.skipped).toContain(key);
      expect(read.passed).not.toContain(key);
    }
    expect(read.skipped).toHaveLength(
      all.filter(
        ({ x, level }) =>
          x.status === 'skip' || x.expectedFailure || (x.status === 'fail' && x.level !== 'INFO' && !gates(x, level)),
      ).length,
    );
  },
);
