/**
 * docs/proxy-rules.md names, for each proxy rule, the suite checks that judge the same thing: every
 * name must be a check of the catalogue (a renamed check would leave the table pointing at nothing),
 * and every rule the proxy can report has its row.
 */
import { expect, test } from 'vitest';
import { OPERATIONS } from '../../src/core/operations.js';
import { RULE_DOCS } from '../../src/proxy/rule-docs.js';
import { RULES } from '../../src/proxy/rules.js';
import { STREAM_RULES, streamRuleDoc } from '../../src/proxy/stream-rules.js';
import { CATALOGUE } from '../../suites/index.js';

const ids = new Set(CATALOGUE.map((c) => c.id));
const slugs = OPERATIONS.map((o) => o.id.replace(/\./g, '-'));

/** The catalogue ids a `shares` entry names (`{op}`: any operation slug). */
const resolve = (entry: string): string[] =>
  entry.includes('{op}')
    ? slugs.map((s) => entry.replace('{op}', s)).filter((id) => ids.has(id))
    : ids.has(entry)
      ? [entry]
      : [];

test('every suite check a proxy rule names is in the catalogue', () => {
  const docs = [...Object.values(RULE_DOCS), ...STREAM_RULES.map(streamRuleDoc)];
  const missing = docs.flatMap((d) => d.shares).filter((entry) => resolve(entry).length === 0);
  expect(missing).toEqual([]);
  // Server-side rules share a suite check; client-side ones judge what the suite never sends wrong.
  for (const [key, rule] of Object.entries(RULES))
    if (rule.side === 'server' && key !== 'answers')
      expect(RULE_DOCS[key as keyof typeof RULES].shares.length, key).toBeGreaterThan(0);
});
