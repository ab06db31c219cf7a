/**
 * Every § the catalogue cites is a section of the interface (docs/reference/interface.md, the copy this
 * project implements), and what a MUST states in the interface's words is in the sections it cites:
 * a field named in backticks, and words in double quotes. A SHOULD rests on a convention, whose
 * words are its own, so only its § is checked.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { RULE_CHECKS } from '../../src/rules/index.js';
import { CATALOGUE } from '../../suites/index.js';

const INTERFACE = new URL('../../docs/reference/interface.md', import.meta.url);

/** `§4.1` → the text of section 4.1 with its subsections, from its heading to the next heading of its depth or above. */
function sectionsOf(markdown: string): Map<string, string> {
  const lines = markdown.split('\n');
  const heads: { id: string; depth: number; at: number }[] = [];
  lines.forEach((line, at) => {
    const m = /^(#{2,6})\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (m) heads.push({ id: `§${m[2]}`, depth: m[2]!.split('.').length, at });
  });
  const out = new Map<string, string>();
  heads.forEach((h, i) => {
    const next = heads.slice(i + 1).find((n) => n.depth <= h.depth);
    out.set(h.id, lines.slice(h.at, next?.at ?? lines.length).join('\n'));
  });
  return out;
}

interface Cited {
  readonly id: string;
  readonly level: string;
  readonly section: string;
  readonly requirement: string;
}

const SECTION_REF = /§(\d+(?:\.\d+)*)/g;
const refsIn = (text: string): string[] => [...text.matchAll(SECTION_REF)].map((m) => `§${m[1]}`);

/** What a citation gets wrong, one line each: a § the interface lacks, a field or quoted words not in the cited sections. */
function citationProblems(sections: ReadonlyMap<string, string>, cited: readonly Cited[]): string[] {
  const out: string[] = [];
  for (const c of cited) {
    // §7.2 names the second condition of §7's numbered list: its section is §7.
    const refs = [...new Set([c.section, ...refsIn(c.requirement)].map((r) => r.replace(/^(§7)\.\d$/, '$1')))];
    for (const r of refs) if (!sections.has(r)) out.push(`${c.id}: ${r} is no section of the interface`);
    if (c.level !== 'MUST') continue;
    const text = refs
      .map((r) => sections.get(r) ?? '')
      .join('\n')
      .toLowerCase();
    for (const m of c.requirement.matchAll(/`([^`]+)`/g)) {
      const field = m[1]!.replace(/\[\]$/, '');
      if (/^[a-z_][a-z0-9_]*$/i.test(field) && !text.includes(field.toLowerCase()))
        out.push(`${c.id}: \`${field}\` is not in ${refs.join(', ')}`);
    }
    for (const m of c.requirement.matchAll(/"([^"]+)"/g)) {
      const words = m[1]!;
      if (/\s/.test(words) && !text.includes(words.toLowerCase()))
        out.push(`${c.id}: "${words}" is not in ${refs.join(', ')}`);
    }
  }
  return out;
}

const SECTIONS = sectionsOf(readFileSync(INTERFACE, 'utf8'));
const CITED: Cited[] = [
  ...CATALOGUE.map((c) => ({ id: c.id, level: c.level, section: c.section, requirement: c.requirement })),
  ...RULE_CHECKS.map((c) => ({ id: c.id, level: c.level, section: c.section, requirement: c.requirement })),
];

describe('the interface a § cites', () => {
  test('docs/reference/interface.md has the sections of the interface, §1 to §9', () => {
    for (const s of ['§1', '§2.5', '§4', '§4.1', '§4.8', '§7', '§9']) expect(SECTIONS.has(s), s).toBe(true);
    expect(SECTIONS.get('§2.5')).toContain('The common shape is `content` (string), `role` (string)');
  });

  test("every check's and rule's § is a section of the interface, and a MUST's fields and quoted words are in it", () => {
    expect(CITED.length).toBeGreaterThan(300);
    expect(citationProblems(SECTIONS, CITED)).toEqual([]);
  });

  test('a wrong citation fails: a section that does not exist, a field or words the cited section does not hold', () => {
    const wrong: Cited[] = [
      { id: 'x.no-such-section', level: 'SHOULD', section: '§4.9', requirement: 'Anything.' },
      { id: 'x.field-elsewhere', level: 'MUST', section: '§2.5', requirement: 'A message carries `model_id`.' },
      { id: 'x.words-elsewhere', level: 'MUST', section: '§4.5', requirement: 'It is "the number of scores to skip".' },
      { id: 'x.inline', level: 'MUST', section: '§4.1', requirement: 'As §12 says.' },
    ];
    expect(citationProblems(SECTIONS, wrong)).toEqual([
      'x.no-such-section: §4.9 is no section of the interface',
      'x.field-elsewhere: `model_id` is not in §2.5',
      'x.words-elsewhere: "the number of scores to skip" is not in §4.5',
      'x.inline: §12 is no section of the interface',
    ]);
  });
});
