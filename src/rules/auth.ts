/**
 * @module What a request refused for its credentials must not carry (§5), and the status such a
 * refusal gets (RFC 9110 §15.5.2), judged alike by the suite and the proxy.
 */
import { exhaustive, type OperationId } from '../core/operations.js';
import { isUuid } from './records.js';
import { isJsonObject, jsonOrUndefined } from '../core/values.js';

type RecordKind = 'predictions' | 'scores';

/** An answer as the judgement needs it: its body parsed (undefined when not JSON) and as text. */
export interface AnswerText {
  readonly json: unknown;
  readonly response: { readonly bodyText: string };
}

const RECORD_KEYS: Record<RecordKind, readonly string[]> = {
  predictions: ['prediction_id', 'inputs', 'output', 'model'],
  scores: ['score_id', 'scorer', 'value'],
};

function isRecord(value: unknown, kind: RecordKind): boolean {
  return isJsonObject(value) && RECORD_KEYS[kind].some((k) => Object.hasOwn(value, k));
}

/** The successful answer's data a response carries, if any (§4.4's body is not shown: judged by status alone). */
export function servedData(op: OperationId, ex: AnswerText): string | undefined {
  const json = ex.json as Record<string, unknown> | undefined;
  const isObject = isJsonObject(json);
  switch (op) {
    case 'chat.create':
      return isObject && Array.isArray(json.choices) ? 'a chat completion (`choices`)' : undefined;
    case 'training-jobs.create':
    case 'training-jobs.get':
      return isObject && isUuid(json.id) ? `a training job (id ${json.id})` : undefined;
    case 'trajectories.log':
      return undefined;
    case 'predictions.read':
    case 'scores.read': {
      const kind: RecordKind = op === 'predictions.read' ? 'predictions' : 'scores';
      return isRecord(json, kind) ? `a ${kind === 'predictions' ? 'prediction' : 'score'} record` : undefined;
    }
    case 'predictions.list':
    case 'scores.list': {
      const kind: RecordKind = op === 'predictions.list' ? 'predictions' : 'scores';
      if (Array.isArray(json) && json.some((r) => isRecord(r, kind))) return `a JSON array of ${kind}`;
      for (const line of ex.response.bodyText.split('\n')) {
        if (isRecord(jsonOrUndefined(line), kind)) return `${kind} records (JSONL)`;
      }
      return undefined;
    }
    default:
      return exhaustive(op);
  }
}

/**
 * The breach of a refusal's status, or undefined. `notFoundAllowed`: the resource may not exist, and
 * the order of the authentication and existence checks is not fixed, so a 404 is not held against 401.
 */
export function unauthorizedStatusBreach(status: number, notFoundAllowed: boolean): string | undefined {
  if (status === 401 || (notFoundAllowed && status === 404)) return undefined;
  return `HTTP ${status}`;
}
