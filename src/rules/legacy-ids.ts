/**
 * @module The proxy's result ids before 0.1.0 (`server.<name>.<op>`), mapped to the check ids that
 * report the same rule now, so that a name a user wrote down keeps selecting what it did.
 */
import { OPERATIONS } from '../core/operations.js';
import { packageFile } from '../core/package-root.js';
import { RULE_CHECKS, ruleCheck } from './index.js';
import { slugOf } from './rule.js';

/** Old rule names (`server.<name>`) and the check ids, by template, that judge them now (data: fixtures/legacy-ids.json). */
let old: Readonly<Record<string, readonly string[]>> | undefined;
const OLD = (): Readonly<Record<string, readonly string[]>> =>
  (old ??= (JSON.parse(packageFile('fixtures', 'legacy-ids.json')) as LegacyIds).names);

interface LegacyIds {
  readonly names: Readonly<Record<string, readonly string[]>>;
}

const KNOWN = new Set(RULE_CHECKS.map((c) => c.id));

function expand(template: string, slug: string): string[] {
  const op = OPERATIONS.find((o) => slugOf(o.id) === slug);
  if (!op) return [];
  const kind = op.id.startsWith('predictions.') ? 'predictions' : op.id.startsWith('scores.') ? 'scores' : undefined;
  if (template.includes('{kind}') && !kind) return [];
  const literal = !template.includes('{op}') && !template.includes('{kind}');
  const id = template.replace('{op}', slug).replace('{kind}', kind ?? '');
  const ids = id.includes('{streamed}') ? [id.replace('{streamed}', ''), id.replace('{streamed}', '.streamed')] : [id];
  // A literal id is one operation's: an old id of another operation does not stand for it.
  return literal ? ids.filter((i) => ruleCheck(i) && slugOf(ruleCheck(i)!.operation) === slug) : ids;
}

/**
 * The check ids an old proxy result id (`server.credentials-required.chat-create`), or an old rule
 * name without its operation (`server.credentials-required`: every operation), stands for; undefined
 * when it is not an old id.
 */
export function legacyIds(name: string): readonly string[] | undefined {
  const names = OLD();
  // Own members only: `constructor` is no old id.
  const exact = Object.hasOwn(names, name);
  const base = exact ? name : name.slice(0, name.lastIndexOf('.'));
  const templates = Object.hasOwn(names, base) ? names[base] : undefined;
  if (!templates) return undefined;
  const slugs = exact ? OPERATIONS.map((o) => slugOf(o.id)) : [name.slice(base.length + 1)];
  const ids = new Set(slugs.flatMap((slug) => templates.flatMap((t) => expand(t, slug))));
  return [...ids].filter((id) => KNOWN.has(id));
}
