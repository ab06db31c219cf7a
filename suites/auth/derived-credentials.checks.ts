/** @module §5 authentication against credentials close to the configured ones: each rejected (MUST). */
import { defineCheck, type CheckDefinition } from '../../src/core/check.js';
import { ConformanceError } from '../../src/core/errors.js';
import { OPERATIONS, operation, operationLabel, type OperationId } from '../../src/core/operations.js';
import { derivedPresentations } from '../../src/core/credentials.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { PRESENTATION_LABELS } from '../../src/core/presentations.js';
import { baselineRequest, slugOf } from '../../src/kit/baseline.js';
import { control, rejectionProblem } from './credentials.checks.js';

function derivedCheck(op: OperationId): CheckDefinition {
  const o = operation(op);
  const presentations = derivedPresentations(o.auth);
  return defineCheck({
    id: `auth.rejects-derived-credentials.${slugOf(op)}`,
    operation: op,
    section: '§5',
    level: 'MUST',
    requirement: `${operationLabel(op)} rejects credentials derived from the real ones (${presentations.map((p) => PRESENTATION_LABELS[p]).join('; ')}) with a 4xx and returns no data (§5: ${o.auth} authentication with the credentials of its family).`,
    ...(o.writes ? { writes: true } : {}),
    async run(ctx): Promise<CheckOutcome> {
      const baseline = await baselineRequest(ctx, op);
      const notes: string[] = [];
      let sent = 0;
      for (const p of presentations) {
        let ex;
        try {
          ex = await ctx.http.send({ ...baseline.spec, auth: { derived: p }, expect: 'refusal' });
        } catch (err) {
          if (ConformanceError.is(err) && ['CTS_NO_CREDENTIALS', 'CTS_PRESENTATION_IS_VALID'].includes(err.code)) {
            notes.push(`not tried: ${PRESENTATION_LABELS[p]} (${err.message})`);
            continue;
          }
          throw err;
        }
        sent++;
        const problem = rejectionProblem(op, ex);
        if (problem)
          return fail({
            expected: `${PRESENTATION_LABELS[p]}: a 4xx answer with no data`,
            actual: problem,
            exchange: ex,
          });
      }
      if (sent === 0)
        return skip(`no presentation could be built from the configured credentials: ${notes.join('; ')}`);
      const c = await control(ctx, op);
      if ('skip' in c) return skip(c.skip);
      return pass([...notes, ...c.notes]);
    },
    // The baseline's id lookup, each presentation, and the control.
    schedule: { maxRequests: () => presentations.length + 2 },
  });
}

export const derivedCredentialChecks: readonly CheckDefinition[] = OPERATIONS.map((o) => derivedCheck(o.id));
