/** @module `conformance list [--only PREFIX] [--skip PREFIX] [--json]`: the check catalogue. */
import { parseArgs } from 'node:util';
import { CATALOGUE } from '../../suites/index.js';
import { ConformanceError } from '../core/errors.js';
import { operationLabel } from '../core/operations.js';
import { SELECTOR_HELP, selectChecks } from '../runner/select.js';
import { LIST_USAGE } from './usage.js';

export async function listCommand(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { only: { type: 'string', multiple: true }, skip: { type: 'string', multiple: true }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (err) {
    throw new ConformanceError('CTS_BAD_FLAG', (err as Error).message.split('\n')[0] ?? 'bad flag');
  }
  if (values.help) {
    process.stdout.write(LIST_USAGE);
    return 0;
  }
  const split = (v?: string[]) => (v ?? []).flatMap((s) => s.split(',')).filter(Boolean);
  const checks = selectChecks(CATALOGUE, { only: split(values.only), skip: split(values.skip) });
  if (values.json) {
    const rows = checks.map((c) => ({ id: c.id, operation: operationLabel(c.operation), section: c.section, level: c.level, requirement: c.requirement, ...(c.convention ? { convention: c.convention } : {}), ...(c.writes ? { writes: true } : {}) }));
    process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
    return 0;
  }
  const idWidth = Math.max(...checks.map((c) => c.id.length));
  for (const c of checks) {
    process.stdout.write(`${c.id.padEnd(idWidth)}  ${c.level.padEnd(6)}  ${c.section.padEnd(10)}  ${c.requirement}${c.convention ? ` [${c.convention}]` : ''}\n`);
  }
  process.stdout.write(`${checks.length} checks\n`);
  process.stdout.write(`Select with --only / --skip: ${SELECTOR_HELP}\n`);
  return 0;
}
