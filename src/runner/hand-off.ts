/** @module Evidence one check hands to another (`ctx.report`): a rule seen broken is never hidden. */
import type { HandedOffBreach } from '../core/check.js';
import { type CheckIdentity, identityOf } from '../core/check-identity.js';
import type { CheckResult, FailOutcome } from '../core/result.js';
import { is2xx } from '../core/values.js';
import { buildEvidence, type EvidenceContext } from '../transport/evidence.js';

/** What the evidence of a handed-off failure is built with: the run's redaction, credentials and seed. */
interface HandOffContext extends Omit<EvidenceContext, 'replay'> {
  /** The run's command line without `--only`/`--seed`: the replay runs the owner and the seer together. */
  readonly replayBase: string;
}

interface Report {
  readonly seer: string;
  readonly owner: string;
  readonly breach: HandedOffBreach;
}

export interface HandOff {
  reporterOf(seer: string): (owner: string, breach: HandedOffBreach) => void;
  /** The results with every breach handed to its owner (evidence built and redacted as the runner does). */
  apply(results: readonly CheckResult[], ctx: HandOffContext): CheckResult[];
  /** A failing result for each owner handed a breach that was not selected, with the first evidence. */
  orphans(results: readonly CheckResult[], allChecks: readonly CheckIdentity[], ctx: HandOffContext): CheckResult[];
}

/** One line naming the breach, for notes. */
function line(owner: string, r: Report): string {
  return `${r.seer} saw ${owner}'s rule broken: ${r.breach.actual} (expected ${r.breach.expected})`;
}

export function createHandOff(): HandOff {
  const reports: Report[] = [];
  return {
    reporterOf: (seer) => (owner, breach) => {
      // A breach worth handing off: the answer is a 2xx (accepted) or a 5xx (a crash instead of a refusal).
      const s = breach.exchange.response.status;
      if (owner !== seer && (is2xx(s) || s >= 500)) reports.push({ seer, owner, breach });
    },
    apply(results, ctx) {
      const out = [...results];
      const index = new Map(out.map((r, i) => [r.id, i]));
      // The same owner seen by several checks: the first seer in the run's order wins, whatever finished first.
      const ordered = [...reports].sort((a, b) => (index.get(a.seer) ?? 0) - (index.get(b.seer) ?? 0));
      for (const r of ordered) {
        const at = index.get(r.owner);
        const redact = ctx.redact;
        if (at === undefined) {
          const seerAt = index.get(r.seer);
          if (seerAt !== undefined)
            out[seerAt] = withNote(out[seerAt]!, redact(`${line(r.owner, r)}; ${r.owner} is not in this run`));
          continue;
        }
        const owner = out[at]!;
        if (owner.status === 'fail' || owner.status === 'error' || owner.level === 'INFO') {
          out[at] = withNote(owner, redact(`also: ${line(r.owner, r)}`));
          continue;
        }
        const { reason: _reason, blockedBy: _blockedBy, notes, durationMs, ...identity } = owner;
        out[at] = failureOf(
          identity,
          r,
          `handed off by ${r.seer}: its own request broke this rule (this check's cases did not show it)`,
          notes ?? [],
          durationMs,
          ctx,
        );
      }
      return out;
    },
    orphans(results, allChecks, ctx) {
      const present = new Set(results.map((r) => r.id));
      const order = new Map(results.map((r, i) => [r.id, i]));
      const known = new Map(allChecks.map((c) => [c.id, c]));
      const out = new Map<string, CheckResult>();
      const ordered = [...reports].sort((a, b) => (order.get(a.seer) ?? 0) - (order.get(b.seer) ?? 0));
      for (const r of ordered) {
        const def = known.get(r.owner);
        if (present.has(r.owner) || out.has(r.owner) || !def || def.level === 'INFO') continue;
        const identity = identityOf(def);
        const note = `not selected in this run, but ${r.seer} saw its rule broken: its result is that evidence`;
        out.set(r.owner, failureOf(identity, r, note, [], 0, ctx));
      }
      return [...out.values()];
    },
  };
}

/** The owner's result: a failure with the breach handed to it, a note first. */
function failureOf(
  identity: CheckIdentity,
  r: Report,
  note: string,
  notes: readonly string[],
  durationMs: number,
  ctx: HandOffContext,
): CheckResult {
  const outcome: FailOutcome = {
    status: 'fail',
    expected: r.breach.expected,
    actual: r.breach.actual,
    exchange: r.breach.exchange,
  };
  return {
    ...identity,
    durationMs,
    status: 'fail',
    expected: ctx.redact(r.breach.expected),
    actual: ctx.redact(r.breach.actual),
    notes: [ctx.redact(note), ...notes],
    evidence: buildEvidence(outcome, {
      ...ctx,
      replay: `${ctx.replayBase} --only ${r.owner},${r.seer} --seed ${ctx.seed}`,
    }),
  };
}

/** The result with one more note (a skip's note goes into its reason: a skip carries no notes). */
function withNote(result: CheckResult, note: string): CheckResult {
  if (result.status === 'skip') return { ...result, reason: `${result.reason ?? ''}; ${note}` };
  return { ...result, notes: [...(result.notes ?? []), note] };
}
