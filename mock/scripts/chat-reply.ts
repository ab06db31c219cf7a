/** @module A scripted chat answer rendered as the mock's own answers are (JSON or a stream). */
import { DEFAULT_MODEL } from '../../src/core/defaults.js';
import { tokenLogprob } from '../chat/logprobs.js';
import { sseHeaders } from '../chat/stream.js';
import { promptLength, renderPrompt } from '../chat/prompt.js';
import { tokenId, tokenize } from '../chat/tokenizer.js';
import { hash53 } from '../util/hash.js';
import type { ChatRequest } from '../chat/types.js';
import { jsonResponse } from '../errors.js';
import type { MockResponse } from '../types.js';
import type { ChatReply } from './types.js';

interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** The message every choice carries: content null beside tool calls or a refusal. */
interface Rendered {
  content: string | null;
  refusal: string | null;
  toolCalls: ToolCall[];
  finishReason: string;
}

function render(reply: ChatReply, requestId: string): Rendered {
  const toolCalls = (reply.tool_calls ?? []).map(
    (call, i): ToolCall => ({
      id: call.id ?? `call_${i}_${requestId.replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}`,
      type: 'function',
      function: {
        name: call.function.name,
        arguments:
          typeof call.function.arguments === 'string'
            ? call.function.arguments
            : JSON.stringify(call.function.arguments ?? {}),
      },
    }),
  );
  const refusal = reply.refusal ?? null;
  const content = reply.content !== undefined ? reply.content : toolCalls.length > 0 || refusal !== null ? null : '';
  const finishReason = reply.finish_reason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop');
  return { content, refusal, toolCalls, finishReason };
}

/** A completion token; a refusal's go to `logprobs.refusal`. */
interface Token {
  readonly text: string;
  readonly refusal: boolean;
}

const tokensOf = (text: string | null, refusal = false): Token[] =>
  tokenize(text ?? '').map((t) => ({ text: t, refusal }));

/** The completion tokens of one choice (content, refusal, tool calls), in the order they are streamed. */
function completionTokens(r: Rendered): Token[] {
  const calls = r.toolCalls.flatMap((c) => [...tokensOf(c.function.name), ...tokensOf(c.function.arguments)]);
  return [...tokensOf(r.content), ...tokensOf(r.refusal, true), ...calls];
}

/** What the request asked for beyond the message: logprobs and ids of the completion's tokens. */
interface Extras {
  readonly ids: boolean;
  /** The `logprobs` of a choice's tokens from its `k`-th on (null when not asked for). */
  logprobs(tokens: readonly Token[], k: number, index: number): object | null;
}

function extrasOf(req: ChatRequest, requestId: string): Extras {
  const ids = req.return_token_ids === true;
  if (req.logprobs !== true) return { ids, logprobs: () => null };
  const seed = hash53(requestId);
  const top = req.top_logprobs ?? 0;
  const asIds = req.return_tokens_as_token_ids === true;
  return {
    ids,
    logprobs(tokens, k, index) {
      const entries = tokens.map((t, i) => ({ t, e: tokenLogprob(t.text, k + i, seed + index, top, asIds) }));
      const content = entries.filter(({ t }) => !t.refusal).map(({ e }) => e);
      const refusal = entries.filter(({ t }) => t.refusal).map(({ e }) => e);
      return {
        content: refusal.length > 0 && content.length === 0 ? null : content,
        refusal: refusal.length > 0 ? refusal : null,
      };
    },
  };
}

/** Usage: the script's numbers where given, the mock's counts elsewhere; total = prompt + completion. */
function usageOf(reply: ChatReply, req: ChatRequest, r: Rendered, choices: number) {
  const prompt = reply.usage?.prompt_tokens ?? promptLength(req);
  const completion = reply.usage?.completion_tokens ?? choices * completionTokens(r).length;
  return {
    prompt_tokens: prompt,
    total_tokens: reply.usage?.total_tokens ?? prompt + completion,
    completion_tokens: completion,
    prompt_tokens_details: null,
  };
}

function header(req: ChatRequest, requestId: string) {
  return {
    id: `chatcmpl-${requestId}`,
    created: Math.floor(Date.now() / 1000),
    model: req.model ?? DEFAULT_MODEL,
    choices: Math.max(1, req.n ?? 1),
  };
}

export function completionOf(reply: ChatReply, req: ChatRequest, requestId: string) {
  const r = render(reply, requestId);
  const h = header(req, requestId);
  const x = extrasOf(req, requestId);
  const tokens = completionTokens(r);
  const message = {
    role: 'assistant',
    content: r.content,
    refusal: r.refusal,
    annotations: null,
    audio: null,
    function_call: null,
    tool_calls: r.toolCalls,
    reasoning: null,
  };
  return {
    id: h.id,
    object: 'chat.completion',
    created: h.created,
    model: h.model,
    choices: Array.from({ length: h.choices }, (_, index) => ({
      index,
      message,
      logprobs: x.logprobs(tokens, 0, index),
      finish_reason: r.finishReason,
      stop_reason: null,
      token_ids: x.ids ? tokens.map((t) => tokenId(t.text)) : null,
    })),
    usage: usageOf(reply, req, r, h.choices),
    service_tier: null,
    system_fingerprint: null,
    prompt_logprobs: null,
    prompt_token_ids: x.ids ? renderPrompt(req).map((t) => t.id) : null,
    kv_transfer_params: null,
  };
}

/** One delta after a choice's role delta, with the tokens it carries (a tool call's first delta: its name's). */
interface Delta {
  readonly delta: object;
  readonly tokens: readonly Token[];
}

/** The deltas of one choice after its role delta: content, refusal, then each tool call. */
function deltasOf(r: Rendered): Delta[] {
  const deltas: Delta[] = [];
  for (const t of tokensOf(r.content)) deltas.push({ delta: { content: t.text }, tokens: [t] });
  for (const t of tokensOf(r.refusal, true)) deltas.push({ delta: { refusal: t.text }, tokens: [t] });
  r.toolCalls.forEach((call, index) => {
    const first = { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } };
    deltas.push({ delta: { tool_calls: [first] }, tokens: tokensOf(call.function.name) });
    for (const t of tokensOf(call.function.arguments))
      deltas.push({ delta: { tool_calls: [{ index, function: { arguments: t.text } }] }, tokens: [t] });
  });
  return deltas;
}

/** The SSE events of the answer; with `continuous_usage_stats` each chunk carries a running usage. */
async function* chatReplyEvents(
  reply: ChatReply,
  req: ChatRequest,
  requestId: string,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const r = render(reply, requestId);
  const h = header(req, requestId);
  const usage = usageOf(reply, req, r, h.choices);
  const continuous = req.stream_options?.continuous_usage_stats === true;
  let completion = 0;
  const event = (choices: object[], counted = 0, extra: object = {}): string => {
    completion = Math.min(usage.completion_tokens, completion + counted);
    const used = { ...usage, completion_tokens: completion, total_tokens: usage.prompt_tokens + completion };
    const running = continuous ? { usage: used } : {};
    const chunk = { id: h.id, object: 'chat.completion.chunk', created: h.created, model: h.model, choices };
    return `data: ${JSON.stringify({ ...chunk, ...running, ...extra })}\n\n`;
  };
  const deltas = deltasOf(r);
  const x = extrasOf(req, requestId);
  for (let index = 0; index < h.choices; index++) {
    const role = r.content === null ? { role: 'assistant' } : { role: 'assistant', content: '' };
    const prompt = index === 0 && x.ids ? { prompt_token_ids: renderPrompt(req).map((t) => t.id) } : {};
    yield event([{ index, delta: role, logprobs: null, finish_reason: null }], 0, prompt);
    let k = 0;
    for (const d of deltas) {
      if (signal?.aborted) return;
      const logprobs = x.logprobs(d.tokens, k, index);
      const ids = x.ids ? { token_ids: d.tokens.map((t) => tokenId(t.text)) } : {};
      k += d.tokens.length;
      yield event([{ index, delta: d.delta, logprobs, finish_reason: null, ...ids }], d.tokens.length);
    }
    yield event([{ index, delta: {}, logprobs: null, finish_reason: r.finishReason, stop_reason: null }]);
  }
  if (req.stream_options?.include_usage === true) yield event([], 0, { usage });
  yield 'data: [DONE]\n\n';
}

/** The answer to a chat request a script answers: streamed when the request asked for it. */
export function chatReplyResponse(
  reply: ChatReply,
  req: ChatRequest,
  requestId: string,
  signal: AbortSignal | undefined,
  model: string = DEFAULT_MODEL,
): MockResponse {
  const named = req.model == null ? { ...req, model } : req;
  if (req.stream !== true)
    return jsonResponse(200, completionOf(reply, named, requestId), { 'x-request-id': requestId });
  return { status: 200, headers: sseHeaders(requestId), stream: chatReplyEvents(reply, named, requestId, signal) };
}
