/** @module `conformance list [--only PREFIX] [--skip PREFIX] [--json]`: the check catalogue. */
import { CATALOGUE } from '../../suites/index.js';
import { catalogueOf } from '../../src/rules/catalogue.js';
import { sinceOf } from '../../src/gating/releases.js';
import { operationLabel } from '../../src/core/operations.js';
import { SELECTOR_HELP, selectChecks } from '../../src/runner/select.js';
import { printed, readFlags } from './flags.js';
import { LIST_OPTIONS } from './options/catalogue.js';
import { resolver } from './options/table.js';
import { LIST_USAGE } from './usage.js';

export async function listCommand(argv: string[]): Promise<number> {
  const values = readFlags(argv, LIST_OPTIONS);
  if (values.help) return printed(LIST_USAGE);
  const value = resolver(LIST_OPTIONS, values);
  const checks = selectChecks(catalogueOf(CATALOGUE), { only: value('only'), skip: value('skip') });
  if (values.json) {
    const rows = checks.map((c) => ({ ...c, operation: operationLabel(c.operation), since: sinceOf(c.id) }));
    process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    return 0;
  }
  const idWidth = Math.max(...checks.map((c) => c.id.length));
  const driverWidth = Math.max(...checks.map((c) => c.drivers.join(',').length));
  for (const c of checks) {
    process.stdout.write(
      `${c.id.padEnd(idWidth)}  ${c.level.padEnd(6)}  ${c.section.padEnd(10)}  ${c.drivers.join(',').padEnd(driverWidth)}  ${c.requirement}${c.convention ? ` [${c.convention}]` : ''}\n`,
    );
  }
  const run = checks.filter((c) => c.drivers.includes('run')).length;
  process.stdout.write(
    `${checks.length} checks: ${run} the run sends cases for, ${checks.length - run} only traffic shows (proxy, replay)\n`,
  );
  process.stdout.write(`Select with --only / --skip: ${SELECTOR_HELP}\n`);
  return 0;
}
