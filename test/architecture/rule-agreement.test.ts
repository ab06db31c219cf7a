/**
 * One rule, one id: every check id a rule of src/rules gives on an operation is reported under the
 * same identity wherever it is judged. A suite check with that id takes its identity from the rule,
 * word for word (operation, section, level, requirement, convention); a rule whose id no suite check
 * has is one only traffic shows (the client's side, an answer cut short), listed by `conformance
 * list` all the same. Two rules that share an id (a read's id and its pair with the listing) share
 * its identity too.
 */
import { expect, test } from 'vitest';
import { OPERATIONS } from '../../src/core/operations.js';
import { ALL_RULES, RULE_CHECKS } from '../../src/rules/index.js';
import { appliesTo, checkIdentityOf, checkIdOf, checkOperationOf } from '../../src/rules/rule.js';
import { CATALOGUE } from '../../suites/index.js';

const byId = new Map(CATALOGUE.map((c) => [c.id, c]));

/** Where a rule's check and the suite's check of the same id disagree, one line each. */
function disagreements(): string[] {
  const out: string[] = [];
  for (const rc of RULE_CHECKS) {
    const c = byId.get(rc.id);
    if (!c) continue;
    if (c.operation !== rc.operation) out.push(`${rc.id}: operation ${rc.operation} against ${c.operation}`);
    if (c.level !== rc.level) out.push(`${rc.id}: level ${rc.level} against ${c.level}`);
    if (c.section !== rc.section) out.push(`${rc.id}: ${rc.section} against ${c.section}`);
    if (c.requirement !== rc.requirement) out.push(`${rc.id}: the requirement's words differ`);
    if ((c.convention ?? '') !== (rc.convention ?? '')) out.push(`${rc.id}: the convention differs`);
  }
  return out;
}

test('a suite check a rule reports under takes its identity from the rule, word for word', () => {
  expect(disagreements()).toEqual([]);
});

test('rules that share a check id share its identity', () => {
  const seen = new Map<string, string>();
  const clashes: string[] = [];
  for (const rule of ALL_RULES)
    for (const o of OPERATIONS) {
      if (!appliesTo(rule, o.id)) continue;
      const id = checkIdOf(rule, o.id);
      const identity = JSON.stringify({ op: checkOperationOf(rule, o.id), ...checkIdentityOf(rule, o.id) });
      const before = seen.get(id);
      if (before !== undefined && before !== identity) clashes.push(id);
      seen.set(id, identity);
    }
  expect(clashes).toEqual([]);
});

test('most rules name a suite check; the others are what only traffic shows', () => {
  const trafficOnly = RULE_CHECKS.filter((c) => !byId.has(c.id)).map((c) => c.id);
  // The client's side and an answer cut short on every operation; the rest per operation a suite check leaves out.
  const allowed =
    /^(client\.|target\.|errors\.never-5xx-on-odd-input\.|errors\.error-message-without-internals\.|acceptance\.json-content-type\.)/;
  expect(trafficOnly.filter((id) => !allowed.test(id))).toEqual([]);
  expect(RULE_CHECKS.filter((c) => byId.has(c.id)).length).toBeGreaterThan(100);
});
