/**
 * The JUnit report keeps the rules of both schemas CI tools validate against (Jenkins junit-10.xsd
 * and the stricter Ant JUnit.xsd), asserted here in code so the project stays self-contained.
 */
import { expect, test } from 'vitest';
import { OPERATIONS, operationLabel } from '../../src/core/operations.js';
import type { RunReport } from '../../src/core/report.js';
import { renderJunit } from '../../reporters/junit.js';
import { singleTargetRun, twoTargetRun } from '../fixtures-results/reports.js';
import { parseXml, type XmlElement } from './_helpers/mini-xml.js';

const SUITE_ATTRIBUTES = [
  'errors',
  'failures',
  'hostname',
  'id',
  'name',
  'package',
  'skipped',
  'tests',
  'time',
  'timestamp',
];
const OUTCOMES = ['failure', 'error', 'skipped'];
const DECIMAL_SECONDS = /^\d+(\.\d{1,3})?$/;
const TIMESTAMP_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

function suitesOf(reports: RunReport[]): XmlElement[] {
  const root = parseXml(renderJunit(reports, { hostname: 'ci-runner' }));
  expect(root.name).toBe('testsuites');
  return [...root.children];
}

function casesOf(suite: XmlElement): XmlElement[] {
  return suite.children.filter((c) => c.name === 'testcase');
}

test('the root is <testsuites> without attributes and holds only <testsuite> elements', () => {
  const root = parseXml(renderJunit(twoTargetRun(), { hostname: 'ci-runner' }));
  expect(root.name).toBe('testsuites');
  expect(root.attributes).toEqual({});
  expect(root.children.map((c) => c.name)).toEqual(root.children.map(() => 'testsuite'));
});

test('one suite per operation that ran, in operation order, named by the operation', () => {
  const suites = suitesOf(singleTargetRun());
  const ran = OPERATIONS.filter((op) => singleTargetRun()[0]?.results.some((r) => r.operation === op.id));
  expect(suites.map((s) => s.attributes.name)).toEqual(ran.map((op) => operationLabel(op.id)));
  expect(suites.map((s) => s.attributes.package)).toEqual(ran.map((op) => op.id));
});

test('with several targets, each suite name carries its target and stays unique', () => {
  const names = suitesOf(twoTargetRun()).map((s) => s.attributes.name ?? '');
  expect(new Set(names).size).toBe(names.length);
  expect(names).toContain('POST /v1/chat/completions [mock]');
  expect(names).toContain('POST /v1/chat/completions [staging & eu]');
});

test('every suite has exactly the attributes Ant requires, with ids counting from 0', () => {
  suitesOf(twoTargetRun()).forEach((suite, index) => {
    expect(Object.keys(suite.attributes).sort()).toEqual(SUITE_ATTRIBUTES);
    const a = suite.attributes;
    expect(a.id).toBe(String(index));
    expect(a.time).toMatch(DECIMAL_SECONDS);
    expect(a.timestamp).toMatch(TIMESTAMP_WITHOUT_ZONE);
    expect(a.hostname).toBe('ci-runner');
    for (const n of ['tests', 'failures', 'errors', 'skipped']) expect(a[n]).toMatch(/^\d+$/);
  });
});

test('suite children come as properties, testcases, system-out, system-err', () => {
  for (const suite of suitesOf(twoTargetRun())) {
    const names = suite.children.map((c) => c.name);
    const cases = names.filter((n) => n === 'testcase').length;
    expect(names).toEqual(['properties', ...Array<string>(cases).fill('testcase'), 'system-out', 'system-err']);
  }
});

test('properties name the target, suite version, seed and level', () => {
  const [suite] = suitesOf(singleTargetRun());
  const props = Object.fromEntries(
    (suite?.children[0]?.children ?? []).map((p) => [p.attributes.name, p.attributes.value]),
  );
  expect(props).toMatchObject({
    target: 'bundled-mock (http://127.0.0.1:40123)',
    'suite.version': '0.1.0',
    seed: '424242',
    level: 'must',
  });
  for (const p of suite?.children[0]?.children ?? [])
    expect(Object.keys(p.attributes).sort()).toEqual(['name', 'value']);
});

test('counts in each suite match its testcases', () => {
  for (const suite of suitesOf(twoTargetRun())) {
    const cases = casesOf(suite);
    const count = (name: string): string => String(cases.filter((c) => c.children[0]?.name === name).length);
    expect(suite.attributes.tests).toBe(String(cases.length));
    expect(suite.attributes.failures).toBe(count('failure'));
    expect(suite.attributes.errors).toBe(count('error'));
    expect(suite.attributes.skipped).toBe(count('skipped'));
  }
});

test('a testcase has name, classname and time only, a unique name, and at most one outcome', () => {
  for (const suite of suitesOf(twoTargetRun())) {
    const names = casesOf(suite).map((c) => c.attributes.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of casesOf(suite)) {
      expect(Object.keys(c.attributes).sort()).toEqual(['classname', 'name', 'time']);
      expect(c.attributes.classname).toBe(suite.attributes.name);
      expect(c.attributes.time).toMatch(DECIMAL_SECONDS);
      expect(c.children.length).toBeLessThanOrEqual(1);
      for (const child of c.children) expect(OUTCOMES).toContain(child.name);
    }
  }
});

test('a check that ran several cases gets numbered names', () => {
  const [chat] = suitesOf(singleTargetRun());
  expect(casesOf(chat!).map((c) => c.attributes.name)).toContain('chat-completions.sampling-params-accepted #2');
});

test('failures and errors carry a type and a one-line message; the body puts the requirement first', () => {
  let seen = 0;
  for (const suite of suitesOf(twoTargetRun())) {
    for (const outcome of casesOf(suite).flatMap((c) => c.children)) {
      if (outcome.name === 'skipped') continue;
      seen++;
      expect(outcome.attributes.type).toBeTruthy();
      expect(outcome.attributes.message).toBeTruthy();
      expect(outcome.attributes.message).not.toMatch(/[\r\n]/);
      const order = ['Requirement:', outcome.name === 'failure' ? 'Expected:' : 'Error:', 'Curl:', 'Replay:'].map((k) =>
        outcome.text.indexOf(k),
      );
      expect(order[0]).toBe(0);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    }
  }
  // The mock target's SHOULD failure does not gate at its level (must): it is no <failure>.
  expect(seen).toBe(3);
});

test('a failure the gate ignores at the run level is no failure and not green: skipped, saying why, with its evidence', () => {
  const reports = singleTargetRun();
  const [r] = reports[0]!.results.filter((x) => x.level === 'SHOULD' && x.status === 'fail');
  expect(r, 'the fixture has a SHOULD failure').toBeDefined();
  const suite = suitesOf(reports).find((s) => s.attributes.package === r!.operation)!;
  const testcase = casesOf(suite).find((c) => c.attributes.name === r!.id)!;
  expect(testcase.children.map((c) => c.name)).toEqual(['skipped']);
  const skipped = testcase.children[0]!;
  expect(skipped.attributes.message).toMatch(/^not gating at level must: SHOULD failure\. Reading an unknown score/);
  expect(skipped.attributes.message).toContain('actual: 404 with an empty body');
  expect(skipped.text).toMatch(/^Requirement: [\s\S]*Curl: [\s\S]*Replay: /);
  expect(suite.attributes.skipped).toBe('1');
  expect(suite.attributes.failures).toBe('0');
  const xml = renderJunit(reports, { hostname: 'ci' });
  expect([...xml.matchAll(/<failure /g)].length).toBe(
    reports[0]!.results.filter((x) => x.status === 'fail' && x.level === 'MUST' && !x.expectedFailure).length,
  );
});

test('harness errors are <error> typed by their code', () => {
  const suite = suitesOf(singleTargetRun()).find((s) => s.attributes.package === 'training-jobs.get');
  const error = suite && casesOf(suite)[0]?.children[0];
  expect(error?.name).toBe('error');
  expect(error?.attributes.type).toBe('CTS_TARGET_TIMEOUT');
  expect(suite?.children.find((c) => c.name === 'system-err')?.text).toContain('CTS_TARGET_TIMEOUT');
});

test('skips carry their reason; known failures are skipped as "known failure: reason"', () => {
  const skipped = suitesOf(singleTargetRun())
    .flatMap(casesOf)
    .flatMap((c) => c.children)
    .filter((o) => o.name === 'skipped')
    .map((o) => o.attributes.message);
  expect(skipped).toEqual([
    'known failure: TICKET-123: model catalogue not wired in staging',
    'needs --allow-writes against a non-mock target',
    expect.stringMatching(/^not gating at level must: /),
  ]);
});

test('INFO checks pass, with their observation in the suite system-out', () => {
  const suite = suitesOf(singleTargetRun()).find((s) => s.attributes.package === 'predictions.list');
  const info = suite && casesOf(suite).find((c) => c.attributes.name === 'predictions.list-content-type');
  expect(info?.children).toEqual([]);
  expect(suite?.children.find((c) => c.name === 'system-out')?.text).toContain(
    '[INFO] predictions.list-content-type: content-type: application/x-ndjson',
  );
});

test('a stale baseline entry (its check now passes) is reported in system-out', () => {
  const out = suitesOf(twoTargetRun())
    .filter((s) => s.attributes.name?.endsWith('[staging & eu]'))
    .map((s) => s.children.find((c) => c.name === 'system-out')?.text ?? '')
    .join('\n');
  expect(out).toContain('[stale baseline entry] training-jobs.rejects-unknown-base-model');
});

test('characters XML 1.0 forbids are replaced, everything else round-trips', () => {
  const [report] = singleTargetRun();
  const nasty =
    'NUL\u0000 ESC\u001b[31m VT\u000b FFFE\uFFFE lone\uD800 pair🙂 amp& lt< quote" apos\' cdata]]> tab\t CSI\u009b';
  const result = { ...report!.results[1]!, actual: nasty, requirement: `line one\nline two ${nasty}` };
  const xml = renderJunit([{ ...report!, results: [result], targetLabel: nasty }], { hostname: 'ci-runner' });
  const failure = parseXml(xml).children[0]?.children[1]?.children[0];
  expect(failure?.name).toBe('failure');
  expect(failure?.text).toContain(
    'Actual: NUL\\x00 ESC\\x1b[31m VT\\x0b FFFE\uFFFD lone\uFFFD pair🙂 amp& lt< quote" apos\' cdata]]> tab\t CSI\\x9b',
  );
  expect(failure?.attributes.message).not.toMatch(/\n/);
});

test('attribute values keep their exact text (newlines and tabs as references)', () => {
  const [report] = singleTargetRun();
  const xml = renderJunit([{ ...report!, target: 'a\tb\nc  d' }], { hostname: 'ci-runner' });
  const props = parseXml(xml).children[0]?.children[0]?.children ?? [];
  expect(props.find((p) => p.attributes.name === 'target')?.attributes.value).toBe('a\tb\nc  d');
});

test('an empty run is a valid empty <testsuites>', () => {
  expect(parseXml(renderJunit([])).children).toEqual([]);
});

test('the hostname defaults to the machine name, never empty', () => {
  const suite = parseXml(renderJunit(singleTargetRun())).children[0];
  expect(suite?.attributes.hostname?.length).toBeGreaterThan(0);
  expect(parseXml(renderJunit(singleTargetRun(), { hostname: '' })).children[0]?.attributes.hostname).toBe('localhost');
});

test('the test parser itself rejects what is not well-formed', () => {
  for (const bad of ['<a>&</a>', '<a><b></a>', '<a x="1" x="2"/>', '<a>\u0001</a>', '<a x="<"/>', '<a/><b/>'])
    expect(() => parseXml(bad), bad).toThrow();
  expect(parseXml('<a x="&#10;&amp;">t&lt;<b/></a>')).toEqual({
    name: 'a',
    attributes: { x: '\n&' },
    children: [{ name: 'b', attributes: {}, children: [], text: '' }],
    text: 't<',
  });
});
