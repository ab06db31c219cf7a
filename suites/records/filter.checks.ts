/** @module §4.5/§4.7: the evaluation-run filter returns only the matching records, and all of them. */
import type { CheckContext } from '../../src/core/check.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { describeQuery, readListing, recordKey, seedTag, showKey, type JsonRecord } from './listing.js';
import type { RecordKind } from '../../src/core/record-kinds.js';
import { filterBreach, filterMissing } from '../../src/rules/records.js';
import type { RecordRow } from './record-check.js';

export const filterRows: readonly RecordRow[] = [
  {
    id: { predictions: 'predictions.filter-by-evaluation-run', scores: 'scores.filter-by-evaluation-run' },
    judges: 'listing',
    level: 'MUST',
    requirement: (kind) =>
      `Listing ${kind.name} filtered by an evaluation run id returns only records with that evaluation_run_id, and every such record of the unfiltered listing (${kind.listSection}: "filter by evaluation run ID").`,
    run: filterByEvaluationRun,
  },
];

async function filterByEvaluationRun(ctx: CheckContext, kind: RecordKind): Promise<CheckOutcome> {
  // 1. A run id that no record has: the filtered listing is empty.
  const stray = await unknownRunListsNothing(ctx, kind);
  if (stray) return stray;

  // 2. A run id taken from the listing: only its records, and all of those the unfiltered read saw.
  const notes: string[] = [];
  let runId: string | undefined;
  let others = 0;
  const matching = new Set<string>();
  const all = await readListing(ctx, kind, {}, (rec) => {
    const r = rec.evaluation_run_id;
    if (runId === undefined && typeof r === 'string') runId = r;
    if (runId !== undefined && r === runId) matching.add(recordKey(kind, rec));
    else others++;
  });
  if (!all.ok) return all.failure;
  notes.push(...all.notes);
  // No record at all: the unknown run's empty answer proves nothing, and there is no run to filter by.
  if (all.count === 0)
    return skip(
      `the ${kind.name} listing of ${ctx.target.entity}/${ctx.target.project} holds no record: the evaluation-run filter cannot be judged`,
    );
  if (runId === undefined)
    return pass([
      ...notes,
      `no ${kind.title} read carries an evaluation_run_id: only the filter by an unknown run was judged`,
    ]);
  if (others === 0)
    notes.push(
      `every record read belongs to the run ${runId}: the filter's exclusion was judged with an unknown run only`,
    );

  const query = { evaluationRunId: runId };
  const filtered = new Set<string>();
  let wrong: { record: JsonRecord; breach: string } | undefined;
  const f = await readListing(ctx, kind, { query }, (rec) => {
    const breach = filterBreach(runId!, rec);
    if (breach) {
      wrong = { record: rec, breach };
      return 'stop';
    }
    filtered.add(recordKey(kind, rec));
  });
  if (!f.ok) return f.failure;
  notes.push(...f.notes);
  if (wrong !== undefined) {
    return fail({
      expected: `only records with evaluation_run_id ${JSON.stringify(runId)} for ${describeQuery(ctx, query)}`,
      actual: `${showKey(recordKey(kind, wrong.record))}: ${wrong.breach}`,
      ...f.evidence,
    });
  }
  if (!f.complete) {
    notes.push(
      `the filtered listing is longer than the read cap: "all of them" judged on ${filtered.size} records only`,
    );
    return pass(notes);
  }
  const missing = filterMissing(matching, filtered);
  if (missing.length) {
    return fail({
      expected: `every record of the run ${JSON.stringify(runId)} (${matching.size} in the unfiltered read) in ${describeQuery(ctx, query)}`,
      actual: `${missing.length} missing, e.g. ${missing.slice(0, 3).map(showKey).join(', ')} (the filtered listing held ${filtered.size})`,
      ...f.evidence,
    });
  }
  return pass([`run ${runId}: ${filtered.size} record(s), ${matching.size} seen unfiltered`, ...notes]);
}

/** Step 1: the listing filtered by a run no record belongs to holds no record (the failure when it does). */
async function unknownRunListsNothing(ctx: CheckContext, kind: RecordKind): Promise<CheckOutcome | undefined> {
  const noSuchRun = `conformance-no-such-run-${seedTag(ctx.seed)}`;
  let stray: JsonRecord | undefined;
  const none = await readListing(ctx, kind, { query: { evaluationRunId: noSuchRun }, max: 20 }, (rec) => {
    stray = rec;
    return 'stop';
  });
  if (!none.ok) return none.failure;
  if (stray === undefined) return undefined;
  return fail({
    expected: `no records for ${describeQuery(ctx, { evaluationRunId: noSuchRun })}, a run no record belongs to`,
    actual: `a record of another run: ${showKey(recordKey(kind, stray))} with evaluation_run_id ${JSON.stringify(stray.evaluation_run_id)}`,
    ...none.evidence,
  });
}
