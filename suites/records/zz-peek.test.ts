import { test } from 'vitest';
import { runAgainstMock } from '/work/main/test/helpers/run-checks.js';
import { recordChecks } from '/work/main/suites/records/index.js';
import { trainingJobChecks } from '/work/main/suites/training-jobs/index.js';
import { trajectoryChecks } from '/work/main/suites/trajectories/index.js';
test('peek', async () => {
  const r = await runAgainstMock([...trainingJobChecks, ...trajectoryChecks, ...recordChecks], { faults: (process.env.FAULTS ?? '').split(',').filter(Boolean), target: process.env.CAP ? { listReadCap: Number(process.env.CAP) } : {}, mock: process.env.RECORDS ? { records: Number(process.env.RECORDS) } : {} });
  for (const x of r.results) console.log(x.status.padEnd(5), x.id, x.durationMs, JSON.stringify(x.notes ?? x.reason ?? x.actual ?? ''));
}, 120000);
