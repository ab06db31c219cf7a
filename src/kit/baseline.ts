/**
 * @module Baseline requests (§4.1–§4.8): one valid, deterministic request per operation, the control,
 * probe and base of other checks; ids that must exist are looked up once per run (`ctx.cache`).
 */
import fc from 'fast-check';
import { type CacheKey, cacheKey } from '../core/cache-key.js';
import type { CheckContext } from '../core/check.js';
import type { OperationId } from '../core/operations.js';
import { listQuery, minimalChatRequest, pathOf } from './requests.js';
import { readJsonl } from './streams.js';
import { jsonObjectOf } from '../core/values.js';
import type { HttpExchange, HttpRequestSpec } from '../transport/types.js';
import { RECORD_KIND, type RecordKindName } from '../core/record-kinds.js';

/** The id suffix of an operation in per-operation check ids: `chat.create` → `chat-create`. */
export function slugOf(op: OperationId): string {
  return op.replace(/\./g, '-');
}

/** A small trajectory group as real clients send it (conventions: `messages_and_choices` and `reward`). */
function trajectoryGroups(): unknown[] {
  return [
    {
      trajectories: [
        {
          messages_and_choices: [
            { role: 'user', content: 'What is 2 + 2?' },
            { index: 0, message: { role: 'assistant', content: '4' }, finish_reason: 'stop' },
          ],
          reward: 1,
        },
      ],
    },
  ];
}

/** §4.2: the smallest create request with the target's model. */
export function trainingJobRequest(ctx: CheckContext): Record<string, unknown> {
  return { model_id: ctx.target.modelId, trajectory_groups: trajectoryGroups() };
}

/** §4.4: the smallest logging request. */
export function logRequest(): Record<string, unknown> {
  return { split: 'train', trajectory_groups: trajectoryGroups() };
}

/** A v4 UUID fixed by the seed: reproducible, and (almost surely) the id of nothing. */
export function seededUuid(seed: number): string {
  return fc.sample(fc.uuid({ version: 4 }), { seed, numRuns: 1 })[0]!;
}

/** The first `count` records of a listing of `kind`, read once per run. */
const firstRecordsKey = (
  kind: RecordKindName,
  count: number,
): CacheKey<Promise<Record<string, unknown>[] | undefined>> => cacheKey(`records:${kind}:${count}`);

/** The control exchange of an operation, sent once per run. */
const controlKey = (op: OperationId): CacheKey<Promise<{ baseline: Baseline; exchange: HttpExchange }>> =>
  cacheKey(`control:${op}`);

type RecordKind = RecordKindName;

/** The first `count` records of a listing (read as JSONL, stopping early), or undefined when the list does not answer 2xx. */
export function firstRecords(
  ctx: CheckContext,
  kind: RecordKind,
  count: number,
): Promise<Record<string, unknown>[] | undefined> {
  return ctx.cache.once(firstRecordsKey(kind, count), async () => {
    const stream = await ctx.http.open({
      method: 'GET',
      path: pathOf(ctx.target, kind === 'predictions' ? 'predictions.list' : 'scores.list'),
      query: listQuery(ctx.target, { limit: count }),
    });
    if (stream.status < 200 || stream.status > 299) {
      await stream.close();
      return undefined;
    }
    const out: Record<string, unknown>[] = [];
    await readJsonl(stream, (line) => {
      if (line.text.trim() === '') return;
      // A broken line is the records suite's finding; here it only means "no id from this line".
      const v = jsonObjectOf(line.text);
      if (v) out.push(v);
      return out.length >= count ? 'stop' : undefined;
    });
    return out;
  });
}

/** The id of a record that exists, or undefined (empty or failing listing). */
async function existingRecordId(ctx: CheckContext, kind: RecordKind): Promise<string | undefined> {
  const records = (await firstRecords(ctx, kind, 1)) ?? [];
  const id = records[0]?.[RECORD_KIND[kind].idField];
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** The training job the create control made for this run (writes allowed), shared by every check needing one. */
export async function existingTrainingJobId(ctx: CheckContext): Promise<string | undefined> {
  if (!ctx.target.allowWrites) return undefined;
  const { exchange: ex } = await controlExchange(ctx, 'training-jobs.create');
  const id = (ex.json as { id?: unknown } | undefined)?.id;
  return ex.response.status >= 200 && ex.response.status < 300 && typeof id === 'string' ? id : undefined;
}

/** A valid request and what the check should know about it. */
export interface Baseline {
  readonly spec: HttpRequestSpec;
  /** Said in the check's notes (e.g. that the id is made up because none could be found). */
  readonly note?: string;
}

/** The baseline request of an operation; a read uses an existing id when found, else a seeded UUID (a 404). */
export async function baselineRequest(ctx: CheckContext, op: OperationId): Promise<Baseline> {
  const t = ctx.target;
  switch (op) {
    case 'chat.create':
      return { spec: { method: 'POST', path: pathOf(t, op), json: minimalChatRequest(t) } };
    case 'training-jobs.create':
      return { spec: { method: 'POST', path: pathOf(t, op), json: trainingJobRequest(ctx) } };
    case 'trajectories.log':
      return { spec: { method: 'POST', path: pathOf(t, op), json: logRequest() } };
    case 'predictions.list':
    case 'scores.list':
      return { spec: { method: 'GET', path: pathOf(t, op), query: listQuery(t, { limit: 1 }) } };
    case 'training-jobs.get': {
      const id = await existingTrainingJobId(ctx);
      return id
        ? { spec: { method: 'GET', path: pathOf(t, op, { training_job_id: id }) } }
        : {
            spec: { method: 'GET', path: pathOf(t, op, { training_job_id: seededUuid(ctx.seed) }) },
            note: 'no job could be created (writes not allowed or create failed): a random job id was used',
          };
    }
    case 'predictions.read':
    case 'scores.read': {
      const kind: RecordKind = op === 'predictions.read' ? 'predictions' : 'scores';
      const id = await existingRecordId(ctx, kind);
      const param = op === 'predictions.read' ? 'prediction_id' : 'score_id';
      return id
        ? { spec: { method: 'GET', path: pathOf(t, op, { [param]: id }) } }
        : {
            spec: { method: 'GET', path: pathOf(t, op, { [param]: seededUuid(ctx.seed) }) },
            note: `the ${kind} listing gave no id: a random id was used`,
          };
    }
  }
}

/** The baseline answered with the configured credentials, once per run and operation. */
export function controlExchange(
  ctx: CheckContext,
  op: OperationId,
): Promise<{ baseline: Baseline; exchange: HttpExchange }> {
  return ctx.cache.once(controlKey(op), async () => {
    const baseline = await baselineRequest(ctx, op);
    return { baseline, exchange: await ctx.http.send({ ...baseline.spec, auth: 'default' }) };
  });
}

/** True for the statuses of a successful answer. */
