/**
 * @module A JSONL listing judged line by line as it passes (§4.5, §4.7): its media type (src/rules),
 * then each line a JSON object valid against the record schema, never an error object or a truncated
 * line, each record where the path puts it. The first bad line is the finding; the rest is not read.
 */
import type { Operation } from '../core/operations.js';
import { recordScope } from '../core/pair-halves.js';
import { RECORD_KINDS, type RecordKind } from '../core/record-kinds.js';
import { isJsonlMediaType, JSONL_MEDIA_TYPES } from '../rules/media-types.js';
import { filterBreach, judgeListingLine, limitBreach, svcUserIdBreach } from '../rules/records.js';
import type { TargetConfig } from '../core/check.js';
import { DEFAULT_LIST_PARAMS } from '../core/defaults.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import { type JsonlLine, JsonlSplitter } from '../transport/jsonl.js';
import type { Pairs } from './pairs.js';
import { listingVerdicts } from './pair-rules.js';
import { judgeRecordPlace } from './read-answer.js';
import { RULES } from './rules.js';
import type { Rule } from '../rules/rule.js';
import type { Verdicts } from './verdicts.js';

/** The names of the list endpoints' query parameters (§4.5, §4.7: not shown), as `--param-*` give them. */
export type ListParams = TargetConfig['listParams'];

/** What the listing was asked for: the `limit` and the evaluation-run filter, when the query gave them. */
export interface ListingAsked {
  /** The request's path and query, to name it in a finding about it made later. */
  readonly target?: string;
  readonly limit?: number;
  /** The name of the query parameter that gave the limit, to name it in a finding. */
  readonly limitParam?: string;
  readonly offset?: number;
  readonly evaluationRunId?: string;
}

/**
 * The query of a listing request, read with the evaluation-record service's parameter names (`names`:
 * the user's `--param-*`, else the suite's defaults, src/core/defaults.ts): the interface does not
 * name them (§4.5, §4.7). A parameter under another name is not read: the server ignores it too.
 */
export function listingAsked(url: string, names: ListParams = DEFAULT_LIST_PARAMS): ListingAsked {
  const parsed = new URL(url, 'http://proxy');
  const q = parsed.searchParams;
  const limit = q.get(names.limit);
  const offset = q.get(names.offset);
  const run = q.get(names.evaluationRunId);
  return {
    target: `${parsed.pathname}${parsed.search}`,
    ...(limit !== null && /^\d+$/.test(limit) ? { limit: Number(limit), limitParam: names.limit } : {}),
    ...(offset !== null && /^\d+$/.test(offset) ? { offset: Number(offset) } : {}),
    ...(run !== null ? { evaluationRunId: run } : {}),
  };
}

/** Verdicts that pass on each rule's first judgement and first breach only. */
function firstOnly(v: Verdicts): Verdicts {
  const judged = new Set<Rule>();
  const breached = new Set<Rule>();
  return {
    judged(rule) {
      if (judged.has(rule)) return;
      judged.add(rule);
      v.judged(rule);
    },
    breach(rule, expected, actual) {
      if (breached.has(rule)) return;
      breached.add(rule);
      v.breach(rule, expected, actual);
    },
    ...(v.seen ? { seen: () => v.seen!() } : {}),
    ...(v.startedAt ? { startedAt: () => v.startedAt!() } : {}),
  };
}

/** Ids kept of one listing for the listing pairs. */
const MAX_IDS = 5_000;

export class JsonlAnswerJudge {
  private readonly splitter = new JsonlSplitter();
  private readonly kind: RecordKind;
  private problem: string | undefined;
  private lines = 0;
  /** Valid records read, and the first outside the filter asked for. */
  private records = 0;
  private outsideFilter: string | undefined;
  /** The first record without its server-filled svc_user_id. */
  private unfilled: string | undefined;
  /** The records' ids and runs in order, for the listing pairs; undefined without pairs, or once one has no id. */
  private ids: { id: string; run: unknown }[] | undefined;
  /** The verdicts of the rules judged record by record: judged once, the first breach kept. */
  private readonly lineVerdicts: Verdicts;
  /** The path's `entity/project` (recordScope), where the records listed are remembered; undefined without one. */
  private readonly scope: string | undefined;

  /** Judges the media type at once; the lines as they come. */
  constructor(
    private readonly op: Operation,
    private readonly status: number,
    contentType: string | undefined,
    private readonly schemas: Pick<SchemaRegistry, 'validate'>,
    v: Verdicts,
    private readonly asked: ListingAsked = {},
    /** The path parameters (`entity`, `project`): where the records listed belong. */
    private readonly params: Readonly<Record<string, string>> = {},
    /** Where the listing's valid records are remembered, for a later read of one of them. */
    private readonly pairs?: Pairs,
  ) {
    this.kind = RECORD_KINDS.find((k) => k.listOp === op.id)!;
    this.lineVerdicts = firstOnly(v);
    const { entity, project } = params;
    this.scope = entity !== undefined && project !== undefined ? recordScope(entity, project) : undefined;
    if (pairs) this.ids = [];
    v.judged(RULES.jsonlContentType);
    if (!isJsonlMediaType(contentType))
      v.breach(
        RULES.jsonlContentType,
        `Content-Type one of ${JSONL_MEDIA_TYPES.join(', ')}`,
        `Content-Type: ${contentType ?? '(none)'}`,
      );
  }

  push(chunk: Buffer): void {
    for (const line of this.splitter.push(chunk)) this.line(line);
  }

  /** The body ended (`cut`: it broke off, with the reason). */
  finish(v: Verdicts, cut?: { readonly message: string }): void {
    for (const line of this.splitter.end()) this.line(line);
    v.judged(RULES.jsonlRecords);
    if (this.problem)
      v.breach(
        RULES.jsonlRecords,
        `JSONL of ${this.kind.title} records (${this.op.section}, ${this.kind.fieldsSection})`,
        this.problem,
      );
    else if (cut)
      v.breach(
        RULES.jsonlRecords,
        `a complete JSONL listing (${this.op.section})`,
        `the body broke off after ${this.lines} line(s): ${cut.message}`,
      );
    // What the listing shows of its request: judged on whole, valid listings only.
    if (this.problem || cut) return;
    const { limit, limitParam = DEFAULT_LIST_PARAMS.limit, evaluationRunId } = this.asked;
    if (limit !== undefined) {
      v.judged(RULES.listLimit);
      const over = limitBreach(limit, this.records);
      if (over) v.breach(RULES.listLimit, `at most ${limit} record(s) for ${limitParam}=${limit}`, over);
    }
    if (this.records > 0) {
      v.judged(RULES.svcUserId);
      if (this.unfilled) v.breach(RULES.svcUserId, 'svc_user_id, a non-empty string, on every record', this.unfilled);
    }
    this.judgePairs(v);
    if (evaluationRunId !== undefined) {
      v.judged(RULES.listFilter);
      if (this.outsideFilter)
        v.breach(
          RULES.listFilter,
          `only records with evaluation_run_id ${JSON.stringify(evaluationRunId)}`,
          this.outsideFilter,
        );
    }
  }

  /** This listing against the full listings of its project around it (listing-pairs.ts). */
  private judgePairs(v: Verdicts): void {
    if (!this.pairs || this.scope === undefined) return;
    const { limitParam: _, ...asked } = this.asked;
    const judgements = this.pairs.listingSeen(
      {
        kind: this.kind,
        scope: this.scope,
        ...asked,
        target: asked.target ?? this.op.path,
        records: this.ids,
      },
      v,
    );
    listingVerdicts(judgements, v);
  }

  private line(line: JsonlLine): void {
    if (this.problem !== undefined || line.text.trim() === '') return;
    this.lines++;
    const kind = this.kind;
    const judged = judgeListingLine(kind, line, this.status, this.schemas);
    if ('problem' in judged) {
      this.problem = judged.problem;
      return;
    }
    const value = judged.record;
    this.records++;
    if (this.scope !== undefined) this.pairs?.recordListed(kind, this.scope, value, this.lineVerdicts);
    if (this.ids) {
      const id = value[kind.idField];
      if (typeof id === 'string' && this.ids.length <= MAX_IDS) this.ids.push({ id, run: value.evaluation_run_id });
      else this.ids = undefined;
    }
    judgeRecordPlace(kind, value, this.params, this.lineVerdicts, this.pairs);
    if (this.unfilled === undefined) {
      const breach = svcUserIdBreach(value);
      if (breach) this.unfilled = `line ${line.number}: ${breach}`;
    }
    const run = this.asked.evaluationRunId;
    if (run !== undefined && this.outsideFilter === undefined) {
      const breach = filterBreach(run, value);
      if (breach) this.outsideFilter = `line ${line.number}: ${breach}`;
    }
  }
}
