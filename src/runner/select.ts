/** @module Which checks a run executes: `--only` / `--skip` and `--shard K/N` (by the id-sorted catalogue). */
import type { CheckIdentity } from '../core/check-identity.js';
import { ConformanceError } from '../core/errors.js';
import { OPERATIONS, type OperationId } from '../core/operations.js';
import { legacyIds } from '../rules/legacy-ids.js';

/** An operation's id as check ids end with it: `chat.create` → `chat-create`. */
const slugOf = (op: OperationId): string => op.replace(/\./g, '-');

/** What a selector may name, for messages and `conformance list`. */
export const SELECTOR_HELP = `a check id or id prefix (auth., chat-completions.returns-request-id), a section (§4.1, §7), or an operation (${OPERATIONS.map((o) => `${o.id} or ${slugOf(o.id)}`).join(', ')})`;

/** A selector as given, legacy proxy result ids (src/rules/legacy-ids.ts) standing for today's check ids. */
function expandTerms(terms: readonly string[] | undefined): readonly string[] | undefined {
  return terms?.flatMap((t) => legacyIds(t) ?? [t]);
}

/** True when a filter term selects the check: an id prefix, a section, an operation id, or a level. */
function matchesFilter(check: CheckIdentity, term: string): boolean {
  if (term.startsWith('§')) {
    return check.section.split(/,\s*/).some((s) => s === term || s.startsWith(term + '.') || s.startsWith(term + '–'));
  }
  return (
    check.id === term ||
    check.id.startsWith(term.endsWith('.') ? term : term + '.') ||
    check.id.startsWith(term) ||
    check.operation === term ||
    slugOf(check.operation) === term
  );
}

export interface Selection {
  readonly only?: readonly string[];
  readonly skip?: readonly string[];
  readonly shard?: { readonly index: number; readonly count: number };
}

/** Parses `K/N` (1-based K). */
export function parseShard(value: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count) {
    throw new ConformanceError('CTS_BAD_FLAG', `--shard takes K/N with 1 <= K <= N, got "${value}"`);
  }
  return { index, count };
}

export function selectChecks<C extends CheckIdentity>(catalogue: readonly C[], selection: Selection): C[] {
  const sel = { ...selection, only: expandTerms(selection.only), skip: expandTerms(selection.skip) };
  // A selector that names nothing is a typo: silently running (or skipping) nothing would hide it.
  for (const [flag, terms] of [
    ['--only', sel.only],
    ['--skip', sel.skip],
  ] as const) {
    const unknown = (terms ?? []).filter((t) => !catalogue.some((c) => matchesFilter(c, t)));
    if (unknown.length)
      throw new ConformanceError(
        'CTS_BAD_FLAG',
        `${flag} ${unknown.join(',')} matches no check; a selector is ${SELECTOR_HELP} (see \`conformance list\`)`,
      );
  }
  let out = catalogue.filter(
    (c) =>
      (!sel.only?.length || sel.only.some((t) => matchesFilter(c, t))) && !sel.skip?.some((t) => matchesFilter(c, t)),
  );
  if (sel.shard) {
    const { index, count } = sel.shard;
    const sorted = [...out].sort((a, b) => (a.id < b.id ? -1 : 1));
    const mine = new Set(sorted.filter((_, i) => i % count === index - 1).map((c) => c.id));
    out = out.filter((c) => mine.has(c.id));
  }
  if (out.length === 0) {
    const what = [
      sel.only?.length ? `--only ${sel.only.join(',')}` : '',
      sel.skip?.length ? `--skip ${sel.skip.join(',')}` : '',
      sel.shard ? `--shard ${sel.shard.index}/${sel.shard.count}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    throw new ConformanceError(
      'CTS_NO_CHECKS',
      `no check is selected${what ? ` by ${what}` : ''} (see \`conformance list\`)`,
    );
  }
  return out;
}
