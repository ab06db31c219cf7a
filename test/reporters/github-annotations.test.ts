/**
 * GitHub workflow annotations (reporters/github-annotations.ts): an error per gating failure, a
 * warning per SHOULD failure the level does not gate on, escaped per GitHub's rules (the runner's
 * `escapeData` and `escapeProperty`), capped per kind.
 */
import { expect, test } from 'vitest';
import { gates, type RunReport } from '../../src/core/report.js';
import type { CheckResult } from '../../src/core/result.js';
import { escapeData, escapeProperty, renderGithubAnnotations } from '../../reporters/github-annotations.js';
import { singleTargetRun, twoTargetRun } from '../fixtures-results/reports.js';

const COMMAND = /^::(error|warning) title=([^:]*)::(.*)$/;

function parsed(text: string): { kind: string; title: string; message: string }[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = COMMAND.exec(line);
      expect(m, line).not.toBeNull();
      return { kind: m![1]!, title: m![2]!, message: m![3]! };
    });
}

test("GitHub's escapes: %, CR and LF in data; also : and , in properties", () => {
  expect(escapeData('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab: c, d');
  expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
});

test('an error per gating failure or error, a warning per SHOULD failure not gating at the level, nothing else', () => {
  const reports = singleTargetRun();
  const all = parsed(renderGithubAnnotations(reports));
  const results = reports[0]!.results;
  expect(all.filter((a) => a.kind === 'error').map((a) => a.title)).toEqual(
    results.filter((r) => gates(r, 'must')).map((r) => r.id),
  );
  expect(all.filter((a) => a.kind === 'warning').map((a) => a.title)).toEqual(['scores.read-unknown-id-404']);
  const timeout = all.find((a) => a.title === 'training-jobs.get-returns-created-job')!;
  expect(timeout.message).toBe(
    'CTS_TARGET_TIMEOUT: no response within 10000 ms%0AMUST §4.3: Getting a training job that was created returns it.%0Areplay: conformance run --only training-jobs.get-returns-created-job --seed 424242 --target mock',
  );
  expect(all.find((a) => a.kind === 'warning')!.message).toMatch(
    /^404 with an empty body; .* \(not gating at level must\)%0A/,
  );
});

test('several targets: the title names the target, escaped as a property', () => {
  const titles = parsed(renderGithubAnnotations(twoTargetRun())).map((a) => a.title);
  expect(titles).toContain('chat-completions.accepts-minimal-request [staging & eu]');
  const [a, b] = twoTargetRun();
  const odd = parsed(renderGithubAnnotations([a!, { ...b!, targetLabel: 'eu:1, main' }]));
  expect(odd.map((x) => x.title)).toContain('chat-completions.accepts-minimal-request [eu%3A1%2C main]');
});

test('nothing a target sends ends the command or starts another', () => {
  const [report] = singleTargetRun();
  const hostile = '50%\r\n::error title=forged::pwned\n\u001b[2J';
  const results = report!.results.map((r) => (r.status === 'fail' ? { ...r, actual: hostile, id: `${r.id}:x,y` } : r));
  const text = renderGithubAnnotations([{ ...report!, results }]);
  const lines = text.split('\n').filter(Boolean);
  expect(lines).toHaveLength(parsed(renderGithubAnnotations(singleTargetRun())).length);
  for (const line of lines) expect(line).toMatch(COMMAND);
  expect(text).not.toMatch(/[\r\u001b]/);
  expect(text).toContain('title=chat-completions.rejects-empty-messages%3Ax%2Cy::50%25 ::error title=forged::pwned');
});

test('capped per kind: the last annotation of a kind says how many more', () => {
  const [base] = singleTargetRun();
  const results: CheckResult[] = Array.from({ length: 25 }, (_, i) => ({
    id: `chat-completions.rule-${i}`,
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: 'A rule.',
    status: 'fail',
    expected: 'x',
    actual: 'y',
    durationMs: 1,
  }));
  const all = parsed(renderGithubAnnotations([{ ...base!, results }]));
  expect(all).toHaveLength(10);
  expect(all.at(-1)).toEqual({
    kind: 'error',
    title: 'conformance',
    message: '… and 16 more gating failures: see the reports',
  });
  expect(parsed(renderGithubAnnotations([{ ...base!, results }], { max: 3 }))).toHaveLength(3);
});

test("a proxy's findings about its clients are warnings (they never set the exit code); a clean run has none", () => {
  const [server] = singleTargetRun();
  const clients: RunReport = { ...server!, origin: { kind: 'proxy', side: 'clients', catalogue: 'x' } };
  const all = parsed(renderGithubAnnotations([clients]));
  expect(all.every((a) => a.kind === 'warning')).toBe(true);
  expect(all.some((a) => a.message.includes("(a finding about the proxy's clients)"))).toBe(true);
  expect(renderGithubAnnotations([{ ...server!, results: server!.results.filter((r) => r.status === 'pass') }])).toBe(
    '',
  );
});
