/**
 * One judge for generated and live traffic: which media types label JSON and JSON Lines, what
 * shape an error body has, where a record belongs and how an unknown id is answered, are judged in
 * src/rules only. The suites' checks and the proxy call those
 * functions; a copy of their lists, regexes or key tests anywhere else in the judging code (src/core,
 * src/kit, src/proxy, suites/) is how the suite and the proxy came to disagree (the flat vLLM error
 * passed one and failed the other; application/ndjson passed one content-type check and failed
 * another). This test reads the sources and fails on such a copy. Comments are not read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { expect, test } from 'vitest';
import { packageRoot } from '../../src/core/package-root.js';

const ROOT = packageRoot();
const JUDGING = ['src/core', 'src/kit', 'src/proxy', 'suites'];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [rel.split(sep).join('/')] : [];
  });
}

/** The code of a file without its comments (block comments, and lines that are only a comment). */
function code(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

/** What only src/rules may spell out. */
const COPIES: readonly { readonly what: string; readonly pattern: RegExp }[] = [
  { what: 'a JSON Lines media type', pattern: /application\/[\w.+-]*(?:jsonl|ndjson|jsonlines|json-lines)/i },
  { what: 'a +json media type test', pattern: /\\\+json|['"`]\+json['"`]/ },
  { what: "vLLM's flat error object test", pattern: /\.object\s*===?\s*['"`]error['"`]/ },
  { what: 'an error-shape key test', pattern: /['"`](?:error|detail|reason)['"`]\s+in\s/ },
  { what: 'a read of FastAPI `detail`', pattern: /\.detail\b/ },
  {
    what: 'a read of the OpenAI envelope',
    pattern: /\.error\.message\b|isJsonObject\([^)]*\.error\)|typeof\s+[\w.]+\.error\s/,
  },
  { what: 'an error schema validated directly', pattern: /validate\(\s*['"`]errors\// },
  { what: 'usage accounting', pattern: /\(\w+ as number\)\s*\+\s*\(\w+ as number\)\s*[!=]==?\s*\w/ },
  { what: "a listing line's judgement", pattern: /is an error object after HTTP/ },
  { what: 'a record compared with its listing', pattern: /canonicalJson\(listed\[/ },
  { what: 'a URI scheme read', pattern: /\[A-Za-z\]\[A-Za-z0-9\+\.-\]\*/ },
  { what: 'a UUID test', pattern: /\[0-9a-f\]\{8\}-\[0-9a-f\]\{4\}/ },
  { what: "an unknown id's 404 test", pattern: /status\s*!==\s*404/ },
];

function copiesIn(file: string): string[] {
  const text = code(file);
  return COPIES.filter((c) => c.pattern.test(text)).map((c) => `${file}: ${c.what}`);
}

test('the judging code was read (the check would pass vacuously otherwise)', () => {
  const files = JUDGING.flatMap(sources);
  expect(files.length).toBeGreaterThan(60);
  expect(files).toContain('src/proxy/exchange.ts');
  expect(files).toContain('suites/records/listing.ts');
  // The patterns do find what they are for: src/rules itself spells every one of them out.
  const rules = sources('src/rules').flatMap(copiesIn);
  expect(rules.join('\n')).toMatch(/a JSON Lines media type/);
  expect(rules.join('\n')).toMatch(/vLLM's flat error object test/);
  expect(rules.join('\n')).toMatch(/an error-shape key test/);
  expect(rules.join('\n')).toMatch(/a URI scheme read/);
  expect(rules.join('\n')).toMatch(/a UUID test/);
});

test('no media-type list or error-shape test outside src/rules', () => {
  const found = JUDGING.flatMap(sources).flatMap(copiesIn);
  expect(found).toEqual([]);
});
