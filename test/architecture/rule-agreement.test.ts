/**
 * One rule, two drivers: every rule value of src/rules names the suite checks about the same thing,
 * and the two agree. A check a rule names in `checks` has the rule's identity word for word (it takes
 * it from the rule); a check it names in `alsoJudgedBy` judges part of it in its own words, at the
 * same level and on the same section. Every name is a check of the catalogue (a renamed check would
 * leave the rule pointing at nothing), and every server-side rule the proxy reports names one.
 */
import { expect, test } from 'vitest';
import { OPERATIONS, type OperationId } from '../../src/core/operations.js';
import { RULES } from '../../src/proxy/rules.js';
import { type Rule, sectionOf } from '../../src/rules/rule.js';
import { STREAM_JUDGE_RULES } from '../../src/rules/stream-rules.js';
import { CATALOGUE } from '../../suites/index.js';

const byId = new Map(CATALOGUE.map((c) => [c.id, c]));
const ALL: readonly [string, Rule][] = [...Object.entries(RULES), ...Object.entries(STREAM_JUDGE_RULES)];

/** The catalogue ids a name stands for, each with the operation the rule is judged on there. */
function resolve(rule: Rule, name: string): { id: string; op: OperationId }[] {
  if (!name.includes('{op}')) {
    const c = byId.get(name);
    return c ? [{ id: name, op: c.operation }] : [];
  }
  return OPERATIONS.filter((o) => rule.appliesTo?.(o.id) ?? true)
    .map((o) => ({ id: name.replace('{op}', o.id.replace(/\./g, '-')), op: o.id }))
    .filter(({ id }) => byId.has(id));
}

/** Where a rule and a check about the same thing disagree, one line each. */
function disagreements(rule: Rule, key: string, words: boolean): string[] {
  const names = (words ? rule.checks : rule.alsoJudgedBy) ?? [];
  return names.flatMap((name) => {
    const found = resolve(rule, name);
    if (!found.length) return [`${key}: ${name} is no check of the catalogue`];
    return found.flatMap(({ id, op }) => {
      const c = byId.get(id)!;
      const out: string[] = [];
      if (c.level !== rule.level) out.push(`${key} → ${id}: level ${rule.level} against ${c.level}`);
      if (c.section !== sectionOf(rule, op)) out.push(`${key} → ${id}: ${sectionOf(rule, op)} against ${c.section}`);
      if (words && c.requirement !== rule.requirement) out.push(`${key} → ${id}: the requirement's words differ`);
      if (words && (c.convention ?? '') !== (rule.convention ?? '')) out.push(`${key} → ${id}: the convention differs`);
      return out;
    });
  });
}

test('a check a rule names takes its identity from it, word for word', () => {
  expect(ALL.flatMap(([key, rule]) => disagreements(rule, key, true))).toEqual([]);
});

test('a check judging part of a rule is at its level and on its section', () => {
  expect(ALL.flatMap(([key, rule]) => disagreements(rule, key, false))).toEqual([]);
});

test('every server-side rule the proxy reports names the suite checks about the same thing', () => {
  const unnamed = ALL.filter(
    ([key, r]) => r.side === 'server' && key !== 'answers' && !(r.checks?.length || r.alsoJudgedBy?.length),
  ).map(([key]) => key);
  expect(unnamed).toEqual([]);
});

test('the agreement test can fail: a rule reworded or moved is caught', () => {
  const [key, rule] = ALL.find(([, r]) => r.checks?.length)!;
  expect(disagreements({ ...rule, requirement: `${rule.requirement} (reworded)` }, key, true)).not.toEqual([]);
  expect(disagreements({ ...rule, level: rule.level === 'MUST' ? 'SHOULD' : 'MUST' }, key, true)).not.toEqual([]);
  const [k2, r2] = ALL.find(([, r]) => r.alsoJudgedBy?.length)!;
  expect(disagreements({ ...r2, section: '§9.9' }, k2, false)).not.toEqual([]);
});
