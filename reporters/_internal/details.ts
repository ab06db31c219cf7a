/**
 * @module The evidence of one result as ordered fields, shared by every reporter. The order is the
 * contract (h2spec): requirement, expected vs actual, curl, replay; renderers choose which to show.
 */
import type { CheckResult } from '../../src/core/result.js';
import { showValue } from './text.js';

/** Every key in the canonical order (the contract above). */
const DETAIL_ORDER = [
  'requirement',
  'section',
  'level',
  'convention',
  'known',
  'reason',
  'expected',
  'actual',
  'error',
  'notes',
  'counterexample',
  'path',
  'response',
  'curl',
  'replay',
] as const;

export type DetailKey = (typeof DETAIL_ORDER)[number];

/** A renderer's selection, as what it leaves out of the canonical order. */
export function detailsBut(...left: readonly DetailKey[]): readonly DetailKey[] {
  return DETAIL_ORDER.filter((k) => !left.includes(k));
}

export interface Detail {
  readonly key: DetailKey;
  /** Human label, lower case (`expected`). */
  readonly label: string;
  readonly value: string;
  /** Preformatted content (code, excerpts): renderers keep its line breaks and spacing. */
  readonly code: boolean;
}

/** Every field the result has, in the canonical order. Absent fields are left out. */
function detailsOf(result: CheckResult): Detail[] {
  const out: Detail[] = [];
  const add = (key: DetailKey, label: string, value: string | undefined, code = false): void => {
    if (value !== undefined && value !== '') out.push({ key, label, value, code });
  };
  const ev = result.evidence;
  add('requirement', 'requirement', result.requirement);
  add('section', 'section', result.section);
  add('level', 'level', result.level);
  add('convention', 'convention', result.convention);
  add('known', 'known failure', result.expectedFailure?.reason);
  add('reason', 'reason', result.reason);
  add('expected', 'expected', result.expected);
  add('actual', 'actual', result.actual);
  if (result.status === 'error') add('error', 'error', [result.errorCode, result.message].filter(Boolean).join(': '));
  add('notes', 'notes', result.notes?.join('\n'));
  if (ev && ev.counterexample !== undefined)
    add('counterexample', 'counterexample', showValue(ev.counterexample), true);
  // fast-check's replay path alone (`0:0:1`) means nothing to a reader: say what it is and how to use it.
  if (ev?.path)
    add(
      'path',
      'fast-check replay path',
      `${ev.path} (the shrink steps to this counterexample from the check's seed: the replay line, with --seed ${ev.seed}, reproduces this shrunk case)`,
    );
  if (ev?.response) {
    const type = ev.response.headers['content-type'] ?? ev.response.headers['Content-Type'];
    const head = `HTTP ${ev.response.status}${type ? `  content-type: ${type}` : ''}`;
    const tail = ev.response.truncated ? '\n… (truncated)' : '';
    add('response', 'response', `${head}\n${ev.response.excerpt}${tail}`, true);
  }
  add('curl', 'curl', ev?.curl, true);
  add('replay', 'replay', ev?.replay, true);
  return out;
}

/** Only the listed keys, still in the canonical order. */
export function pickDetails(result: CheckResult, keys: readonly DetailKey[]): Detail[] {
  return detailsOf(result).filter((d) => keys.includes(d.key));
}
