/** @module What names a check and states its rule, carried by its definition and by each of its results. */
import type { OperationId } from './operations.js';

/** MUST: what the interface states. SHOULD: a named convention. INFO: an observation, never gating. */
export type Level = 'MUST' | 'SHOULD' | 'INFO';
export const LEVELS: readonly Level[] = ['MUST', 'SHOULD', 'INFO'];

export interface CheckIdentity {
  /** `<area>.<rule>`, kebab-case, stable. */
  readonly id: string;
  readonly operation: OperationId;
  /** The section the rule rests on: `§4.1`, `§7`. */
  readonly section: string;
  readonly level: Level;
  /** The requirement in one sentence, printed first in every failure. */
  readonly requirement: string;
  /** For SHOULD (and INFO built on one): the convention followed, e.g. "FastAPI validation error shape". */
  readonly convention?: string;
}

/** The identity of a check, alone (what every result of it starts with). */
export function identityOf(check: CheckIdentity): CheckIdentity {
  const { id, operation, section, level, requirement, convention } = check;
  return { id, operation, section, level, requirement, ...(convention ? { convention } : {}) };
}
