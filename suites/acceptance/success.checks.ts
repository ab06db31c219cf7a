/** @module Positive acceptance (§4.1–§4.8): realistic valid requests get a 2xx and a schema-valid body (MUST). */
import fc from 'fast-check';
import { defineCheck, propertyRequests, type CheckContext, type CheckDefinition } from '../../src/core/check.js';
import { operation, type OperationId } from '../../src/core/operations.js';
import { fail, pass, skip, type CheckOutcome, type FailOutcome } from '../../src/core/result.js';
import {
  LOG_SPLITS,
  realisticChatRequest,
  realisticLogRequest,
  realisticTrainingJobRequest,
} from '../../src/generation/index.js';
import { describeResponse, describeSchemaErrors, excerpt } from '../../src/core/describe.js';
import { sendChatWithin, sizeClaimNote, windowOptions } from '../../src/kit/context-window.js';
import { checkProperty, type ProbeResult } from '../../src/kit/property.js';
import { listQuery, minimalChatRequest, pathOf } from '../../src/kit/requests.js';
import { refusedCombinationFailure, refusedCombinationOf, SHRINK_PROBES } from '../../src/kit/refused-combination.js';
import { readJsonl } from '../../src/kit/streams.js';
import type { SchemaName } from '../../src/schemas/registry.js';
import type { HttpExchange, HttpRequestSpec } from '../../src/transport/types.js';
import { evidenceOf, type StreamEvidence } from '../records/listing.js';
import { existingTrainingJobId, firstRecords, seededUuid } from '../../src/kit/baseline.js';
import { plural } from '../../src/core/words.js';
import { RECORD_KINDS, type RecordKind } from '../../src/core/record-kinds.js';
import { ACCEPTANCE_RULES } from '../../src/rules/acceptance-rules.js';
import { checkIdentityOn, checkIdOf } from '../../src/rules/rule.js';
import { is2xx, isJsonObject, jsonOrUndefined } from '../../src/core/values.js';

function acceptanceOf(op: OperationId) {
  return {
    id: checkIdOf(ACCEPTANCE_RULES.validRequestSucceeds, op),
    root: true,
    ...checkIdentityOn(ACCEPTANCE_RULES.validRequestSucceeds, op),
  } as const;
}

/** Most JSONL lines one listing case reads (the acceptance check samples; the records suite pages). */
const LIST_LINES_CAP = 50;
const READS_CAP = 10;

export function judgeSuccess(
  ctx: CheckContext,
  ex: HttpExchange,
  schema: SchemaName,
  options: { bodyOptional?: boolean; precondition?: OperationId } = {},
): ProbeResult {
  const status = ex.response.status;
  // An invalid body restates the operation's broken baseline; a refusal may be this request's own.
  const cause = options.precondition ? { precondition: options.precondition } : {};
  const bad = (expected: string, actual: string, of = {}): ProbeResult => ({
    ok: false,
    expected,
    actual,
    exchange: ex,
    ...of,
  });
  if (!is2xx(status))
    return bad(
      'a 2xx answer to a valid request',
      `${describeResponse(ex)}${sizeClaimNote(status, ex.response.bodyText, ex.request.body)}`,
    );
  if (options.bodyOptional && ex.response.bodyText.trim() === '') return { ok: true };
  if (ex.response.truncated)
    return bad('a complete JSON body', `${describeResponse(ex)}: the body exceeded the read cap`);
  if (ex.json === undefined)
    return bad(`a JSON body valid against ${schema}`, `${describeResponse(ex)}: the body is not JSON`, cause);
  const v = ctx.schemas.validate(schema, ex.json);
  if (!v.ok)
    return bad(
      `a body valid against ${schema}`,
      `HTTP ${status}, body invalid: ${describeSchemaErrors(v.errors)}`,
      cause,
    );
  return { ok: true };
}

export function failOf(r: Extract<ProbeResult, { ok: false }>): CheckOutcome {
  return fail({
    expected: r.expected,
    actual: r.actual,
    ...(r.exchange ? { exchange: r.exchange } : {}),
    ...(r.precondition ? { precondition: r.precondition } : {}),
  });
}

/** A pass with `notes` once some of `total` cases did not fit the context window (`tooLarge`): all of them a skip, some a note. */
export function fitOutcome(
  notes: readonly string[],
  tooLarge: readonly string[],
  total: number,
  ofTotal: string,
): CheckOutcome {
  if (tooLarge.length === 0) return pass([...notes]);
  if (tooLarge.length >= total) return skip(tooLarge[0]!);
  const note = `${tooLarge.length}${ofTotal} did not fit the deployment's context window and were not judged: ${tooLarge[0]}`;
  return pass([...notes, note]);
}

/** A top-level field whose every value in use is sent once per run, before the property's drawn cases. */
interface EveryValue {
  readonly field: string;
  readonly values: readonly unknown[];
}

/** One body per `everyValue` value, whatever the seed: a property stopping early could leave one unsent. */
function everyValueCases(
  ctx: CheckContext,
  arbitrary: fc.Arbitrary<Record<string, unknown>>,
  everyValue: readonly EveryValue[],
): Record<string, unknown>[] {
  const pairs = everyValue.flatMap((e) => e.values.map((value) => [e.field, value] as const));
  return pairs.map(([field, value], i) => ({
    ...fc.sample(arbitrary, { seed: ctx.seed + i, numRuns: 1 })[0]!,
    [field]: value,
  }));
}

function bodyProperty(
  op: OperationId,
  arbitrary: (ctx: CheckContext) => fc.Arbitrary<Record<string, unknown>>,
  schema: SchemaName,
  options: { bodyOptional?: boolean; everyValue?: readonly EveryValue[] } = {},
): CheckDefinition {
  const o = operation(op);
  const fixed = (options.everyValue ?? []).reduce((n, e) => n + e.values.length, 0);
  return defineCheck({
    ...acceptanceOf(op),
    ...(o.writes ? { writes: true } : {}),
    async run(ctx) {
      const send = (body: Record<string, unknown>) =>
        ctx.http.send({ method: 'POST', path: pathOf(ctx.target, op), json: body });
      const tooLarge: string[] = [];
      let sent = 0;
      let shrunk = false;
      const probe = async (body: Record<string, unknown>): Promise<ProbeResult> => {
        sent++;
        if (op !== 'chat.create') return judgeSuccess(ctx, await send(body), schema, options);
        const within = await sendChatWithin(ctx, body, send);
        if (!within.ok) {
          tooLarge.push(within.reason);
          return { ok: true };
        }
        const judged = judgeSuccess(ctx, within.ex, schema, options);
        const status = within.ex.response.status;
        if (judged.ok || is2xx(status)) return judged;
        // A valid request refused: the combination of fields it stands for (shrunk once per check).
        const c = await refusedCombinationOf(ctx, acceptanceOf(op).id, within.body, status, { shrink: !shrunk });
        shrunk = true;
        return c ? { ok: false, ...refusedCombinationFailure(c) } : judged;
      };
      if (op === 'chat.create') {
        // The minimal request first: a refused combination of optional fields is no baseline failure.
        const minimal = judgeSuccess(ctx, await send(minimalChatRequest(ctx.target)), schema, options);
        if (!minimal.ok) return failOf(minimal);
      }
      // The fixed cases take the property's first runs (under a write budget they add no writes).
      const fixedCases = everyValueCases(ctx, arbitrary(ctx), options.everyValue ?? []).slice(0, ctx.runs);
      for (const body of fixedCases) {
        const r = await probe(body);
        if (!r.ok) return failOf(r);
      }
      const runs = ctx.runs - fixedCases.length;
      const outcome = runs > 0 ? await checkProperty(ctx, arbitrary(ctx), probe, { runs }) : pass();
      if (!tooLarge.length || outcome.status !== 'pass') return outcome;
      return fitOutcome(outcome.notes ?? [], tooLarge, sent, ` of ${sent} cases`);
    },
    schedule: {
      ...(o.writes ? { casesWrite: true } : {}),
      // The minimal request of chat, the fixed cases, and one shrink of a refused combination.
      maxRequests: propertyRequests(1, 40, fixed + (op === 'chat.create' ? 1 + SHRINK_PROBES + 1 : 0)),
    },
  });
}

/** The options realistic chat bodies are drawn with: the target's model and budget, within its known window. */
export const chatDrawOptions = (ctx: Pick<CheckContext, 'target'> & Partial<Pick<CheckContext, 'contextWindow'>>) => ({
  ...(ctx.target.model !== undefined ? { model: ctx.target.model } : {}),
  maxCompletionTokens: ctx.target.maxCompletionTokens,
  ...windowOptions(ctx),
});

const chatAcceptance = bodyProperty(
  'chat.create',
  (ctx) => realisticChatRequest(chatDrawOptions(ctx)),
  'chat/chat-completion-response',
);

const trainingCreateAcceptance = bodyProperty(
  'training-jobs.create',
  (ctx) => realisticTrainingJobRequest({ modelId: ctx.target.modelId }),
  'training/training-job',
);

// §4.4: "Body of a successful response: not shown" — an empty body is acceptable, any JSON is.
const logAcceptance = bodyProperty(
  'trajectories.log',
  () => realisticLogRequest(),
  'training/log-trajectories-response',
  { bodyOptional: true, everyValue: [{ field: 'split', values: LOG_SPLITS }] },
);

const trainingGetAcceptance = defineCheck({
  ...acceptanceOf('training-jobs.get'),
  writes: true,
  async run(ctx) {
    const id = await existingTrainingJobId(ctx);
    if (id === undefined)
      return skip(
        'no training job could be created to read back (see acceptance.valid-request-succeeds.training-jobs-create)',
      );
    const r = judgeSuccess(
      ctx,
      await ctx.http.send({ method: 'GET', path: pathOf(ctx.target, 'training-jobs.get', { training_job_id: id }) }),
      'training/training-job',
    );
    return r.ok ? pass() : failOf(r);
  },
});

type ListingVerdict =
  | { readonly ok: true; readonly lines: number }
  | ({ readonly ok: false; readonly expected: string; readonly actual: string } & StreamEvidence);

async function judgeListing(
  ctx: CheckContext,
  spec: HttpRequestSpec,
  kind: RecordKind,
  cap: number,
): Promise<ListingVerdict> {
  const stream = await ctx.http.open(spec);
  if (!is2xx(stream.status)) {
    const end = await readJsonl(stream, () => 'stop');
    return {
      ok: false,
      expected: 'a 2xx answer to a valid list request',
      actual: `HTTP ${stream.status}${stream.headers['content-type'] ? ` (${stream.headers['content-type']})` : ''}: ${excerpt(end.firstBytes)}`,
      ...evidenceOf(stream, end.firstBytes),
    };
  }
  let problem: string | undefined;
  let count = 0;
  const end = await readJsonl(stream, (line) => {
    if (line.text.trim() === '') return;
    count++;
    const value = jsonOrUndefined(line.text);
    if (value === undefined) {
      problem = `line ${line.number} is not JSON${line.unterminated ? ' (the last line, cut short?)' : ''}: ${excerpt(line.text, 120)}`;
      return 'stop';
    }
    if (!isJsonObject(value)) {
      problem = `line ${line.number} is ${Array.isArray(value) ? 'a JSON array' : `the JSON ${value === null ? 'null' : typeof value}`}, not a record: ${excerpt(line.text, 120)}`;
      return 'stop';
    }
    const v = ctx.schemas.validate(kind.schema, value);
    if (!v.ok) {
      problem = `line ${line.number} is not a valid ${kind.title}: ${describeSchemaErrors(v.errors)}`;
      return 'stop';
    }
    return count >= cap ? 'stop' : undefined;
  });
  if (problem) {
    return {
      ok: false,
      expected: `a JSONL body: one ${kind.title} (${kind.fieldsSection}) object per line`,
      actual: `HTTP ${stream.status}: ${problem}`,
      ...evidenceOf(stream, end.firstBytes),
    };
  }
  return { ok: true, lines: count };
}

function listAcceptance(kind: RecordKind): CheckDefinition {
  const op = kind.listOp;
  return defineCheck({
    ...acceptanceOf(op),
    async run(ctx) {
      // Run ids that select something (from the listing), and one that selects nothing.
      const sample = (await firstRecords(ctx, kind.name, 20)) ?? [];
      const runIds = [
        ...new Set(
          sample.map((r) => r.evaluation_run_id).filter((v): v is string => typeof v === 'string' && v !== ''),
        ),
      ];
      const query = fc.record(
        {
          evaluationRunId: fc.constantFrom(...runIds, seededUuid(ctx.seed)),
          limit: fc.integer({ min: 1, max: 25 }),
          offset: fc.integer({ min: 0, max: 40 }),
        },
        { requiredKeys: [] },
      );
      // The minimal counterexample is probed last: its stream evidence is kept.
      let evidence: Pick<FailOutcome, 'streamRequest' | 'streamExcerpt'> = {};
      let judgedLines = 0;
      const cap = Math.min(LIST_LINES_CAP, ctx.target.listReadCap);
      const outcome = await checkProperty(ctx, query, async (q) => {
        const spec: HttpRequestSpec = { method: 'GET', path: pathOf(ctx.target, op), query: listQuery(ctx.target, q) };
        const r = await judgeListing(ctx, spec, kind, cap);
        if (r.ok) {
          judgedLines += r.lines;
          return { ok: true };
        }
        evidence = { streamRequest: r.streamRequest, streamExcerpt: r.streamExcerpt };
        return { ok: false, expected: r.expected, actual: r.actual };
      });
      if (outcome.status === 'fail') return { ...outcome, ...evidence };
      if (outcome.status !== 'pass' || judgedLines > 0) return outcome;
      // No line in any listing: judge the unfiltered one; if it is empty too, nothing was judged (SKIP).
      const plain = await judgeListing(ctx, { method: 'GET', path: pathOf(ctx.target, op) }, kind, cap);
      if (!plain.ok) {
        const { ok: _ok, ...failure } = plain;
        return fail(failure);
      }
      if (plain.lines === 0)
        return skip(
          `every ${kind.name} listing answered 2xx with no record, the unfiltered one included: no line to judge against the ${kind.title} schema`,
        );
      return pass([
        ...(outcome.notes ?? []),
        `the generated queries listed no record; the unfiltered listing's ${plain.lines} line(s) were judged`,
      ]);
    },
    schedule: { maxRequests: propertyRequests(1, 40, 2) },
  });
}

function readAcceptance(kind: RecordKind): CheckDefinition {
  const { name, readOp: op, idField } = kind;
  return defineCheck({
    ...acceptanceOf(op),
    async run(ctx) {
      const records = await firstRecords(ctx, name, Math.min(READS_CAP, Math.max(1, ctx.runs)));
      const ids = (records ?? []).map((r) => r[idField]).filter((v): v is string => typeof v === 'string' && v !== '');
      if (records === undefined)
        return skip(
          `the ${name} listing did not answer 2xx, so no id is known to read (see acceptance.valid-request-succeeds.${name}-list)`,
        );
      if (ids.length === 0)
        return skip(
          `the ${name} listing of ${ctx.target.entity}/${ctx.target.project} holds no record with an id to read`,
        );
      for (const id of ids) {
        const r = judgeSuccess(
          ctx,
          await ctx.http.send({ method: 'GET', path: pathOf(ctx.target, op, { [idField]: id }) }),
          kind.schema,
        );
        if (!r.ok) return failOf(r);
      }
      return pass([`read back ${plural(ids.length, 'listed record')}`]);
    },
    schedule: { maxRequests: () => READS_CAP + 1 },
  });
}

export const successChecks: readonly CheckDefinition[] = [
  chatAcceptance,
  trainingCreateAcceptance,
  trainingGetAcceptance,
  logAcceptance,
  ...RECORD_KINDS.flatMap((kind) => [listAcceptance(kind), readAcceptance(kind)]),
];
