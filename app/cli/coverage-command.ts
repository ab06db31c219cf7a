/** @module `conformance coverage [--json]`: the coverage model, so a user can see what a full run exercises. */
import { OPERATIONS, operationLabel } from '../../src/core/operations.js';
import type { CoverageItem } from '../../src/coverage/item.js';
import { coverageModel } from '../../src/coverage/model.js';
import { registry } from '../../src/schemas/registry.js';
import { printed, readFlags } from './flags.js';
import { COVERAGE_OPTIONS } from './options/catalogue.js';
import { COVERAGE_USAGE } from './usage.js';

const KIND_WORDS: Record<CoverageItem['kind'], string> = {
  'request-accepted': 'sent in a request the target accepted',
  'request-rejected': 'sent breaking its constraint, in a request the target rejected',
  'request-value': 'sent with each value the schema names, accepted',
  'request-bound': 'sent at its bound (accepted) and beyond it (rejected)',
  'rule-rejected': 'a cross-field rule broken alone, rejected',
  response: 'observed in a 2xx answer',
  auth: 'presented, and the answer read',
  scope: 'tried through another entity or project',
};

/** The model as text: operation headings, kinds with their counts, one item per line. */
export function renderCoverageModel(): string {
  const model = coverageModel(registry());
  const out: string[] = [];
  for (const op of OPERATIONS) {
    const items = model.items.filter((i) => i.operation === op.id);
    out.push(`${op.section} ${operationLabel(op.id)}: ${items.length} items`);
    const kinds = new Map<string, CoverageItem[]>();
    for (const i of items) kinds.set(i.kind, [...(kinds.get(i.kind) ?? []), i]);
    for (const [kind, list] of kinds) {
      out.push(`  ${kind} (${list.length}): ${KIND_WORDS[kind as CoverageItem['kind']]}`);
      // Field items say it all in their id; auth and scope items get their description.
      for (const i of list)
        out.push(
          `    ${i.id.slice(op.id.length + kind.length + 2)}${i.path === undefined ? `: ${i.description}` : ''}`,
        );
    }
    out.push('');
  }
  out.push(`Not applicable: ${model.notApplicable.length} items the interface gives no way to exercise (not counted)`);
  const reasons = new Map<string, string[]>();
  for (const i of model.notApplicable) reasons.set(i.reason, [...(reasons.get(i.reason) ?? []), i.id]);
  for (const [reason, ids] of reasons) {
    out.push(`  ${reason}:`);
    for (const id of ids) out.push(`    ${id}`);
  }
  out.push('', `${model.items.length} items, plus one per check of a run (a skipped check is a hole).`);
  return out.join('\n') + '\n';
}

export async function coverageCommand(argv: string[]): Promise<number> {
  const values = readFlags(argv, COVERAGE_OPTIONS);
  if (values.help) return printed(COVERAGE_USAGE);
  return printed(values.json ? JSON.stringify(coverageModel(registry()), null, 2) + '\n' : renderCoverageModel());
}
