/** @module `conformance list [--only PREFIX] [--skip PREFIX] [--json]`: the check catalogue. */
import { CATALOGUE } from '../../suites/index.js';
import { operationLabel } from '../../src/core/operations.js';
import { SELECTOR_HELP, selectChecks } from '../../src/runner/select.js';
import { readFlags } from './flags.js';
import { LIST_OPTIONS } from './options/catalogue.js';
import { resolver } from './options/table.js';
import { LIST_USAGE } from './usage.js';

export async function listCommand(argv: string[]): Promise<number> {
  const values = readFlags(argv, LIST_OPTIONS);
  if (values.help) {
    process.stdout.write(LIST_USAGE);
    return 0;
  }
  const value = resolver(LIST_OPTIONS, values);
  const checks = selectChecks(CATALOGUE, { only: value('only'), skip: value('skip') });
  if (values.json) {
    const rows = checks.map((c) => ({
      id: c.id,
      operation: operationLabel(c.operation),
      section: c.section,
      level: c.level,
      requirement: c.requirement,
      ...(c.convention ? { convention: c.convention } : {}),
      ...(c.writes ? { writes: true } : {}),
    }));
    process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    return 0;
  }
  const idWidth = Math.max(...checks.map((c) => c.id.length));
  for (const c of checks) {
    process.stdout.write(
      `${c.id.padEnd(idWidth)}  ${c.level.padEnd(6)}  ${c.section.padEnd(10)}  ${c.requirement}${c.convention ? ` [${c.convention}]` : ''}\n`,
    );
  }
  process.stdout.write(`${checks.length} checks\n`);
  process.stdout.write(`Select with --only / --skip: ${SELECTOR_HELP}\n`);
  return 0;
}
