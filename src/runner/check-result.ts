/** @module A check's outcome as its result in the report, redacted, with its evidence and replay command. */
import type { CheckDefinition } from '../core/check.js';
import { identityOf } from '../core/check-identity.js';
import type { Redactor } from '../core/redact.js';
import type { CheckOutcome, CheckResult } from '../core/result.js';
import { buildEvidence } from '../transport/evidence.js';
import type { RunSettings } from './run-settings.js';

/** `startedAt`: when the check started (`performance.now()`). */
export function resultOf(
  opts: RunSettings,
  check: CheckDefinition,
  outcome: CheckOutcome,
  startedAt: number,
  redact: Redactor,
  runnerNotes: ReadonlySet<string>,
): CheckResult {
  const replay = `${opts.replayBase} --only ${check.id} --seed ${opts.seed}`;
  const evidence =
    outcome.status === 'fail' || outcome.status === 'error'
      ? buildEvidence(outcome, {
          redact,
          token: opts.token,
          basic: opts.basic,
          seed: opts.seed,
          replay,
          connection: opts.connection,
        })
      : undefined;
  const base = { ...identityOf(check), durationMs: Math.round((performance.now() - startedAt) * 1000) / 1000 };
  const all = [...('notes' in outcome && outcome.notes ? outcome.notes : []), ...runnerNotes];
  const notes = all.length ? { notes: all.map(redact) } : {};
  switch (outcome.status) {
    case 'pass':
      return { ...base, status: 'pass', ...notes };
    case 'skip':
      return { ...base, status: 'skip', reason: redact(outcome.reason) };
    case 'fail':
      return {
        ...base,
        status: 'fail',
        expected: redact(outcome.expected),
        actual: redact(outcome.actual),
        ...notes,
        ...(evidence ? { evidence } : {}),
      };
    case 'error':
      return {
        ...base,
        status: 'error',
        errorCode: outcome.code,
        message: redact(outcome.message),
        ...notes,
        ...(evidence ? { evidence } : {}),
      };
  }
}
