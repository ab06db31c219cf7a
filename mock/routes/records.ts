/** @module §4.5–§4.8 predictions and scores as the evaluation-record service answers them. */
import { DEFAULT_LIST_PARAMS } from '../../src/core/defaults.js';
import { jsonResponse, recordNotFound, validationError, type DetailItem } from '../errors.js';
import { toDetail, validateAll } from '../http/validate.js';
import { jsonlStream } from '../records/jsonl.js';
import { svcUserId, type ListFilter, type RecordKind } from '../records/source.js';
import { goneOf } from '../exchange.js';
import type { MockRequest, MockResponse } from '../types.js';
import type { RouteContext, RouteHandler } from './types.js';

const LABEL: Record<RecordKind, 'Prediction' | 'Score'> = { prediction: 'Prediction', score: 'Score' };

/** FastAPI reads the last value of a repeated query parameter. */
function lastValue(query: URLSearchParams, name: string): string | undefined {
  return query.getAll(name).at(-1);
}

function readListQuery(req: MockRequest): ListFilter | MockResponse {
  const query: Record<string, string | number> = {};
  const detail: DetailItem[] = [];
  const runId = lastValue(req.query, DEFAULT_LIST_PARAMS.evaluationRunId);
  if (runId !== undefined) query.evaluation_run_id = runId;
  for (const name of [DEFAULT_LIST_PARAMS.limit, DEFAULT_LIST_PARAMS.offset]) {
    const raw = lastValue(req.query, name);
    if (raw === undefined) continue;
    if (/^\s*[-+]?\d+\s*$/.test(raw)) query[name] = Number(raw);
    else
      detail.push({
        loc: ['query', name],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        type: 'int_parsing',
      });
  }
  if (detail.length) return validationError(detail);
  const errors = validateAll(['params/list-query', 'conventions/list-query'], query);
  if (errors) return validationError(toDetail(errors, 'query'));
  return {
    evaluationRunId: runId,
    limit: query.limit as number | undefined,
    offset: query.offset as number | undefined,
  };
}

export function listRecords(kind: RecordKind): RouteHandler {
  return ({ req, params, state, user }: RouteContext) => {
    const filter = readListQuery(req);
    if ('status' in filter) return filter;
    const { records } = state;
    const selection = records.holds(params.entity as string, params.project as string)
      ? records.select(filter)
      : { start: 0, stride: 1, count: 0 };
    return {
      status: 200,
      headers: { 'content-type': 'application/jsonl' },
      stream: jsonlStream(records, kind, selection, svcUserId(user ?? ''), goneOf(req)),
    };
  };
}

export function readRecord(kind: RecordKind, idParam: string): RouteHandler {
  return ({ params, state, user }: RouteContext) => {
    const id = params[idParam] as string;
    const { records } = state;
    const index = records.holds(params.entity as string, params.project as string)
      ? records.indexOf(kind, id)
      : undefined;
    if (index === undefined) return recordNotFound(LABEL[kind], id);
    return jsonResponse(200, records.record(kind, index, svcUserId(user ?? '')));
  };
}
