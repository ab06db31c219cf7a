/**
 * Streaming checks against streams without chunks (an HTML page answered 200, data: [DONE] alone,
 * chunks without a choice, JSON payloads that are not objects): none passes with nothing to judge
 * (vacuous-passes.ts).
 */
import { describe, expect, test } from 'vitest';
import { streamingChecks } from '../../suites/streaming/index.js';
import { runAgainstUrl } from '../helpers/run-checks.js';
import { rewriteSse, runAgainstVariant } from '../helpers/variant-server.js';
import { byId, expectNoPassExcept, hostileServers, only, OPTIONS, statuses } from './vacuous-passes.js';

const hostile = hostileServers();

const S = (rule: string) => `streaming.${rule}`;

describe('streaming checks against a stream without chunks', () => {
  test('an HTML page answered 200 to stream: true: no check passes; chunk rules fail or skip, each as decided', async () => {
    const server = await hostile('html-200');
    const report = await runAgainstUrl(server.url, streamingChecks, OPTIONS);
    expectNoPassExcept(report);
    expect(statuses(report)).toEqual({
      // The answer itself breaks these rules: fail.
      [S('event-stream-content-type')]: 'fail',
      [S('ends-with-done')]: 'fail',
      [S('chunks-are-chat-completion-chunks')]: 'fail',
      [S('contiguous-choice-indices')]: 'fail',
      [S('usage-chunk-last-and-adds-up')]: 'fail',
      [S('return-token-ids-deltas')]: 'fail',
      [S('reassembles-to-valid-completion')]: 'fail',
      [S('token-count-matches-non-streamed')]: 'fail',
      // A request it should have refused was answered 200 with no error event: no error whose
      // signalling could be judged (the missing refusal is the §7.2 check's finding): skip.
      [S('pre-generation-error-is-http-4xx')]: 'skip',
      // Their subject never arrived; the checks above report the stream: skip.
      [S('data-payloads-are-json')]: 'skip',
      [S('done-is-last')]: 'skip',
      [S('no-error-event')]: 'skip',
      [S('no-usage-unless-asked')]: 'skip',
      [S('one-id-across-chunks')]: 'skip',
      [S('role-in-first-delta')]: 'skip',
      [S('one-finish-reason-per-choice')]: 'skip',
      [S('timing')]: 'skip',
      [S('continuous-usage-non-decreasing')]: 'skip',
    });
    const r = byId(report);
    expect(r[S('chunks-are-chat-completion-chunks')]!.actual).toMatch(/no chat\.completion\.chunk/);
    for (const id of [S('one-id-across-chunks'), S('role-in-first-delta'), S('one-finish-reason-per-choice')]) {
      expect(r[id]!.reason, id).toMatch(/nothing to judge; .*streaming\.chunks-are-chat-completion-chunks/);
      expect(r[id]!.reason, id).toContain('text/html');
    }
    expect(r[S('done-is-last')]!.reason).toMatch(/no data: \[DONE\].*streaming\.ends-with-done/);
    expect(r[S('pre-generation-error-is-http-4xx')]!.reason).toMatch(
      /no error to judge: .*accepted.*chat-completions\.rejects-continue-with-generation-prompt\.streamed/,
    );
  });

  test('a well-framed event stream of data: [DONE] alone: only the framing rules it meets pass', async () => {
    const report = await runAgainstVariant(streamingChecks, {
      after: rewriteSse(async function* () {
        yield 'data: [DONE]\n\n';
      }),
    });
    // Content type, terminator and nothing after it are judged on what arrived; timing is an
    // observation; the refusal before streaming is the mock's own 4xx, which the rewrite leaves alone.
    expectNoPassExcept(report, [
      S('event-stream-content-type'),
      S('ends-with-done'),
      S('done-is-last'),
      S('timing'),
      S('pre-generation-error-is-http-4xx'),
    ]);
    const st = statuses(report);
    expect(st[S('chunks-are-chat-completion-chunks')]).toBe('fail');
    for (const id of [
      'data-payloads-are-json',
      'no-error-event',
      'one-id-across-chunks',
      'role-in-first-delta',
      'one-finish-reason-per-choice',
      'continuous-usage-non-decreasing',
      'token-count-matches-non-streamed',
    ])
      expect(st[S(id)], id).toBe('skip');
    for (const id of [
      'contiguous-choice-indices',
      'usage-chunk-last-and-adds-up',
      'return-token-ids-deltas',
      'reassembles-to-valid-completion',
    ])
      expect(st[S(id)], id).toBe('fail');
  });

  test('a stream of chunks that never carry a choice: the per-choice rules skip, the indices fail', async () => {
    // Keeps only the usage chunk (choices: []) and the terminator.
    const report = await runAgainstVariant(
      only(
        streamingChecks,
        S('role-in-first-delta'),
        S('one-finish-reason-per-choice'),
        S('contiguous-choice-indices'),
        S('one-id-across-chunks'),
      ),
      {
        after: rewriteSse(async function* (events) {
          for await (const e of events) if (e === 'data: [DONE]\n\n' || /"choices":\[\]/.test(e)) yield e;
        }),
      },
    );
    expect(statuses(report)).toEqual({
      [S('role-in-first-delta')]: 'skip',
      [S('one-finish-reason-per-choice')]: 'skip',
      [S('contiguous-choice-indices')]: 'fail',
      // The usage chunk is a chunk object with an id: one id, judged on it.
      [S('one-id-across-chunks')]: 'pass',
    });
  });

  test('a stream of JSON payloads that are not objects: the id and token-id rules do not pass', async () => {
    const report = await runAgainstVariant(
      only(
        streamingChecks,
        S('one-id-across-chunks'),
        S('return-token-ids-deltas'),
        S('chunks-are-chat-completion-chunks'),
      ),
      {
        after: rewriteSse(async function* (events) {
          for await (const e of events) yield e === 'data: [DONE]\n\n' ? e : 'data: [1, 2, 3]\n\n';
        }),
      },
    );
    expect(statuses(report)).toEqual({
      [S('one-id-across-chunks')]: 'skip',
      [S('return-token-ids-deltas')]: 'fail',
      [S('chunks-are-chat-completion-chunks')]: 'fail',
    });
  });
});
