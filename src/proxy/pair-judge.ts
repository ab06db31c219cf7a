/**
 * @module The rules that need an earlier exchange (src/proxy/pairs.ts), judged on the later one with
 * the decisions of pair-rules.ts: a record listed before is read back the same under the same
 * entity and project (a read under another one is an isolation probe, never paired; a read refused
 * for its credentials reads nothing, and is not paired either), a job created
 * before is found by its id, and the same greedy seeded chat request streamed and unstreamed gives
 * the same number of completion tokens. Each remembers what later exchanges need, and keeps a later
 * exchange no earlier one here pairs for the merge of several proxies' reports.
 */
import type { Operation } from '../core/operations.js';
import { recordScope } from '../core/pair-halves.js';
import { RECORD_KINDS } from '../core/record-kinds.js';
import { is2xx, isJsonObject } from '../core/values.js';
import { greedyPairKey, type StreamedLength } from '../rules/chat-answer.js';
import { type GreedySide, type Pairs, pairTime } from './pairs.js';
import { greedyPairBreach, jobPairBreach, readPairBreach, refusedForCredentials } from './pair-rules.js';
import { RULES } from './rules.js';
import { parsedObject, type Verdicts } from './verdicts.js';

/**
 * A 2xx chat answer to a greedy seeded request: `streamed` is a stream's reassembled length, `text`
 * an unstreamed answer's body.
 */
export function judgeGreedyPair(
  pairs: Pairs,
  v: Verdicts,
  requestBody: unknown,
  streamed: StreamedLength | undefined,
  text: string | undefined,
): void {
  if (!isJsonObject(requestBody)) return;
  const key = greedyPairKey(requestBody);
  if (key === undefined) return;
  let side: GreedySide | undefined;
  if (streamed) side = { streamed: true, length: streamed };
  else if (text !== undefined) {
    const body = parsedObject(text);
    const choice = Array.isArray(body?.choices) ? (body.choices[0] as Record<string, unknown> | undefined) : undefined;
    const message = isJsonObject(choice?.message) ? choice.message : undefined;
    const count = isJsonObject(body?.usage) ? body.usage.completion_tokens : undefined;
    if (typeof message?.content === 'string' && typeof count === 'number')
      side = { streamed: false, content: message.content, completionTokens: count };
  }
  if (!side) return;
  const other = pairs.greedyAnswer(key, side, v);
  const judged = other && greedyPairBreach(side, other);
  if (!judged) return;
  v.judged(RULES.streamedCount);
  if (judged.breach) v.breach(RULES.streamedCount, judged.breach.expected, judged.breach.actual);
}

/** A job created (remembered), a job fetched, or a record read, against what the traffic showed before. */
export function judgeReadPair(
  pairs: Pairs,
  v: Verdicts,
  op: Operation,
  params: Readonly<Record<string, string>>,
  status: number,
  text: string,
): void {
  if (op.id === 'training-jobs.create' && is2xx(status)) {
    const id = parsedObject(text)?.id;
    if (typeof id === 'string') pairs.jobCreated(id, v);
    return;
  }
  // A read refused for its credentials reads nothing: no pair, and no half for the merge.
  if (refusedForCredentials(status)) return;
  if (op.id === 'training-jobs.get') {
    const asked = params.training_job_id;
    if (asked === undefined) return;
    if (!pairs.wasCreated(asked)) {
      const seen = v.seen?.();
      if (seen) pairs.unpaired({ family: 'job-read', at: pairTime(v), id: asked, status, text, ...seen });
      return;
    }
    v.judged(RULES.getsCreatedJob);
    const breach = jobPairBreach(asked, status, text);
    if (breach) v.breach(RULES.getsCreatedJob, breach.expected, breach.actual);
    return;
  }
  const kind = RECORD_KINDS.find((k) => k.readOp === op.id);
  const asked = kind && params[kind.idField];
  const { entity, project } = params;
  if (!kind || asked === undefined || entity === undefined || project === undefined) return;
  const scope = recordScope(entity, project);
  const listed = pairs.listedRecord(kind, scope, asked);
  if (!listed) {
    const seen = v.seen?.();
    if (seen)
      pairs.unpaired({ family: 'read', at: pairTime(v), kind: kind.name, scope, id: asked, status, text, ...seen });
    return;
  }
  v.judged(RULES.readsListedRecord);
  const breach = readPairBreach(kind, asked, listed, status, text);
  if (breach) v.breach(RULES.readsListedRecord, breach.expected, breach.actual);
}
