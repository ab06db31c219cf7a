import { expect, test } from 'vitest';
import { createProgress, type ProgressStream } from '../../reporters/progress.js';
import { singleTargetRun } from '../fixtures-results/reports.js';

function sink(isTTY: boolean, columns = 160): ProgressStream & { text: () => string } {
  const chunks: string[] = [];
  return { isTTY, columns, write: (c: string) => chunks.push(c), text: () => chunks.join('') };
}

const results = singleTargetRun()[0]!.results;

function feed(stream: ProgressStream, options: { force?: boolean; quiet?: boolean; color?: boolean } = {}): void {
  const p = createProgress({ stream, ...options });
  p.onEvent({ type: 'run-start', target: 'mock' });
  results.forEach((result, i) => {
    p.onEvent({
      type: 'check-start',
      check: { id: result.id, operation: result.operation },
      done: i,
      total: results.length,
    });
    p.onEvent({ type: 'check-end', result, done: i + 1, total: results.length });
  });
  p.onEvent({ type: 'run-end', target: 'mock' });
  p.done();
}

test('on a terminal: one rewritten line with operation, done/total and failures so far, cleared at the end', () => {
  const out = sink(true);
  feed(out, { color: false });
  const text = out.text();
  expect(text).toContain(
    '\r\u001b[2K[0/10] POST /v1/chat/completions @ mock  chat-completions.accepts-minimal-request',
  );
  expect(text).toContain(
    '[10/10] GET /v2/{entity}/{project}/scores/{score_id} @ mock  scores.read-unknown-id-404  3 failing',
  );
  expect(text).not.toContain('\n');
  expect(text.endsWith('\r\u001b[2K')).toBe(true);
});

test('not a terminal: silent', () => {
  const out = sink(false);
  feed(out);
  expect(out.text()).toBe('');
});

test('not a terminal but forced: one plain line per finished check', () => {
  const out = sink(false);
  feed(out, { force: true });
  const lines = out.text().trimEnd().split('\n');
  expect(lines).toHaveLength(10);
  expect(lines[1]).toBe('[2/10] fail  chat-completions.rejects-empty-messages  POST /v1/chat/completions @ mock');
  expect(out.text()).not.toContain('\u001b');
});

test('quiet wins over everything', () => {
  const out = sink(true);
  feed(out, { quiet: true, force: true });
  expect(out.text()).toBe('');
});

test('a check id with control characters cannot drive the terminal', () => {
  const out = sink(true);
  const p = createProgress({ stream: out, color: false });
  p.onEvent({
    type: 'check-start',
    check: { id: 'x\u001b]0;pwned\u0007', operation: 'chat.create' },
    done: 0,
    total: 1,
  });
  expect(out.text()).toContain('x\\x1b]0;pwned\\x07');
});

test('the live line fits the terminal width', () => {
  const out = sink(true, 40);
  feed(out, { color: false });
  for (const line of out.text().split('\r\u001b[2K').filter(Boolean))
    expect(line.replace(/ {2}\d+ failing$/, '').length).toBeLessThanOrEqual(39);
});
