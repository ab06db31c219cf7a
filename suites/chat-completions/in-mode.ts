/** @module A §4.1 rule written once and checked both non-streamed (`<id>`) and streamed (`<id>.streamed`). */
import { defineCheck, type CheckContext, type CheckDefinition } from '../../src/core/check.js';
import { fail, pass, type CheckOutcome, type FailOutcome } from '../../src/core/result.js';
import { reassembleCompletion } from '../../src/rules/chat-stream-verdict.js';
import { streamedRequirement } from '../../src/rules/rule.js';
import type { HttpExchange } from '../../src/transport/types.js';
import { describeArrival, isProbe, probeChatStream } from '../streaming/stream-probe.js';
import { expectCompletion, sendChat, type Completion } from './chat-exchange.js';

export type ChatMode = 'non-streamed' | 'streamed';

export type ModeAnswer =
  | {
      readonly ok: true;
      readonly body: Completion;
      readonly headers: Readonly<Record<string, string>>;
      /** A failure about this answer, with its evidence (the exchange, or the stream's request and first bytes). */
      failWith(expected: string, actual: string): FailOutcome;
    }
  | { readonly ok: false; readonly outcome: CheckOutcome };

/** What a rule expects of an answer, and how the answer breaks it (undefined: it held). */
export interface AnswerRule {
  readonly expected: string;
  readonly breach: (body: Completion, headers: Readonly<Record<string, string>>) => string | undefined;
}

/** The answer to the minimal chat request merged with `extra`, in `mode`, judged by `rule` if given. */
export async function answerIn(
  ctx: CheckContext,
  mode: ChatMode,
  extra: Record<string, unknown>,
  what: string,
  rule?: AnswerRule,
): Promise<ModeAnswer> {
  const a = await answer(ctx, mode, extra, what);
  const breach = a.ok ? rule?.breach(a.body, a.headers) : undefined;
  return a.ok && breach ? { ok: false, outcome: a.failWith(rule!.expected, breach) } : a;
}

/** `answerIn`'s outcome when the answer's judgement is all a check asks: a pass when the rule held. */
export async function holdsIn(...args: Parameters<typeof answerIn>): Promise<CheckOutcome> {
  const a = await answerIn(...args);
  return a.ok ? pass() : a.outcome;
}

async function answer(
  ctx: CheckContext,
  mode: ChatMode,
  extra: Record<string, unknown>,
  what: string,
): Promise<ModeAnswer> {
  if (mode === 'non-streamed') {
    const ex = await sendChat(ctx, extra);
    const r = expectCompletion(ctx, ex, what);
    if (!r.ok) return { ok: false, outcome: r.outcome };
    return {
      ok: true,
      body: r.body,
      headers: ex.response.headers,
      failWith: (expected, actual) => fail({ expected, actual, exchange: ex }),
    };
  }
  const probe = await probeChatStream(ctx, { ...extra, stream_options: { include_usage: true } });
  if (!isProbe(probe)) return { ok: false, outcome: probe };
  const body = reassembleCompletion(probe.verdict) as Completion;
  if (body.choices.length === 0)
    return {
      ok: false,
      outcome: probe.failWith(`${what} (streamed): a stream that carries at least one choice`, describeArrival(probe)),
    };
  return { ok: true, body, headers: probe.headers, failWith: (expected, actual) => probe.failWith(expected, actual) };
}

/** POSTs the minimal chat request merged with `extra`, with `stream: true` in the streamed mode (the body read whole). */
export function sendIn(ctx: CheckContext, mode: ChatMode, extra: Record<string, unknown>): Promise<HttpExchange> {
  return sendChat(ctx, mode === 'streamed' ? { ...extra, stream: true } : extra);
}

/** A check of one rule in both modes; its `schedule` is both checks'. */
export interface ModeCheckDefinition extends Omit<CheckDefinition, 'run'> {
  run(ctx: CheckContext, mode: ChatMode): Promise<CheckOutcome>;
}

/** The two checks of one rule: `<id>` without `stream`, `<id>.streamed` with `stream: true`. */
export function inBothModes(def: ModeCheckDefinition): [CheckDefinition, CheckDefinition] {
  const { run, ...rest } = def;
  const make = (mode: ChatMode): CheckDefinition =>
    defineCheck({
      ...rest,
      id: mode === 'streamed' ? `${def.id}.streamed` : def.id,
      requirement: mode === 'streamed' ? streamedRequirement(def.requirement) : def.requirement,
      run: (ctx) => run(ctx, mode),
    });
  return [make('non-streamed'), make('streamed')];
}
