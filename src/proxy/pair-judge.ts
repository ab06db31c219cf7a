/**
 * @module The rules that need an earlier exchange (src/proxy/pairs.ts), judged on the later one with
 * src/rules as the suite's checks judge them: a record listed before is read back the same, a job
 * created before is found by its id, and the same greedy seeded chat request streamed and
 * unstreamed gives the same number of completion tokens. Each remembers what later exchanges need.
 */
import { excerpt } from '../core/describe.js';
import type { Operation } from '../core/operations.js';
import { RECORD_KINDS } from '../core/record-kinds.js';
import { is2xx, isJsonObject } from '../core/values.js';
import { greedyPairKey, type StreamedLength, streamedCountBreach } from '../rules/chat-answer.js';
import { recordDifference } from '../rules/records.js';
import type { GreedySide, Pairs } from './pairs.js';
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
  const other = pairs.greedyAnswer(key, side);
  if (!other) return;
  const plain = side.streamed ? other : side;
  const stream = side.streamed ? side : other;
  if (plain.streamed || !stream.streamed) return;
  if (plain.content !== stream.length.content) return;
  v.judged(RULES.streamedCount);
  const breach = streamedCountBreach(plain.content, plain.completionTokens, stream.length);
  if (breach) v.breach(RULES.streamedCount, breach.expected, breach.actual);
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
  const ok = is2xx(status);
  if (op.id === 'training-jobs.create' && ok) {
    const id = parsedObject(text)?.id;
    if (typeof id === 'string') pairs.jobCreated(id);
    return;
  }
  if (op.id === 'training-jobs.get') {
    const asked = params.training_job_id;
    if (asked === undefined || !pairs.wasCreated(asked)) return;
    v.judged(RULES.getsCreatedJob);
    if (status === 404)
      v.breach(
        RULES.getsCreatedJob,
        `the job ${asked}, created earlier in the traffic`,
        `HTTP 404: ${excerpt(text, 160)}`,
      );
    return;
  }
  const kind = RECORD_KINDS.find((k) => k.readOp === op.id);
  const asked = kind && params[kind.idField];
  if (!kind || asked === undefined) return;
  const listed = pairs.listedRecord(kind, asked);
  if (!listed) return;
  v.judged(RULES.readsListedRecord);
  if (!ok) {
    v.breach(
      RULES.readsListedRecord,
      `a 2xx answer reading the ${kind.title} ${asked}, listed earlier in the traffic`,
      `HTTP ${status}: ${excerpt(text, 160)}`,
    );
    return;
  }
  const read = parsedObject(text);
  const differs = read && recordDifference(listed, read);
  if (differs)
    v.breach(
      RULES.readsListedRecord,
      `the ${kind.title} ${asked} as listed: ${differs.field} ${excerpt(differs.listed, 200)}`,
      `${differs.field} ${excerpt(differs.read, 200)}`,
    );
}
