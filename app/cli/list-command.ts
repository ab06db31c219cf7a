/** @module `conformance list [--only PREFIX] [--skip PREFIX] [--json]`: the check catalogue. */
import { CATALOGUE } from '../../suites/index.js';
import { operationLabel } from '../../src/core/operations.js';
import { SELECTOR_HELP, selectChecks } from '../../src/runner/select.js';
import { readFlags } from './flags.js';
import { LIST_USAGE } from './usage.js';

export async function listCommand(argv: string[]): Promise<number> {
  const values = readFlags(argv, {
    only: { type: 'string', multiple: true },
    skip: { type: 'string', multiple: true },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(LIST_USAGE);
    return 0;
  }
  const split = (v?: string[]) => (v ?? []).flatMap((s) => s.split(',')).filter(Boolean);
  const checks = selectChecks(CATALOGUE, { only: split(values.only), skip: split(values.skip) });
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
