/**
 * @module What the proxy found, per check id: exchanges judged, breaches, the first breach's redacted
 * evidence and a few examples; bounded whatever the traffic.
 */
import type { OperationId } from '../core/operations.js';
import type { Evidence } from '../core/result.js';
import type { Rule } from '../rules/rule.js';

/** Examples kept beyond the first breach of a group (one line each). */
const MORE_EXAMPLES = 3;

export interface Breach {
  readonly expected: string;
  readonly actual: string;
  /** `POST /v1/chat/completions → 200`: which exchange, for the one-line examples. */
  readonly exchange: string;
}

/** A rule as the traffic reports it: its check id on the operation it was judged on. */
export interface Judged {
  readonly rule: Rule;
  readonly id: string;
  readonly op: OperationId;
}

export interface Group extends Judged {
  judged: number;
  failed: number;
  /** Exchanges the rule could not be judged on for a tool reason (the server never answered…). */
  errored: number;
  /** The first breach, with its evidence and when it was seen (epoch ms). */
  first?: Breach & { readonly evidence: Evidence; readonly at: number };
  firstError?: { readonly code: string; readonly message: string; readonly evidence: Evidence; readonly at: number };
  readonly more: string[];
}

export class Findings {
  private readonly groups = new Map<string, Group>();

  private group(j: Judged): Group {
    let g = this.groups.get(j.id);
    if (!g)
      this.groups.set(j.id, (g = { rule: j.rule, id: j.id, op: j.op, judged: 0, failed: 0, errored: 0, more: [] }));
    return g;
  }

  /** Each operation's groups by check number (src/rules/index.ts `JudgedOn.n`): a tally reads no map. */
  private readonly numbered = new Map<OperationId, (Group | undefined)[]>();
  numberedOn = (op: OperationId) => this.numbered.get(op) ?? this.numbered.set(op, []).get(op)!;

  /** The rule was judged on one exchange (whether it held or not); `byN`: `numberedOn(j.op)`, read at `j.n`. */
  judged(j: Judged & { readonly n: number }, byN?: (Group | undefined)[]): void {
    (byN ? (byN[j.n] ??= this.group(j)) : this.group(j)).judged++;
  }

  /**
   * One exchange broke the rule (call `judged` for it too). `evidence` is built only for the first
   * breach of a group; returns true then (the caller may say so at once).
   */
  breached(j: Judged, breach: Breach, evidence: () => Evidence): boolean {
    const g = this.group(j);
    g.failed++;
    if (!g.first) {
      g.first = { ...breach, evidence: evidence(), at: Date.now() };
      return true;
    }
    if (g.more.length < MORE_EXAMPLES) g.more.push(`${breach.exchange}: ${breach.actual}`);
    return false;
  }

  /** The exchange could not be judged: the server did not answer it completely. */
  errored(j: Judged, code: string, message: string, evidence: () => Evidence): boolean {
    const g = this.group(j);
    g.errored++;
    if (!g.firstError) {
      g.firstError = { code, message, evidence: evidence(), at: Date.now() };
      return true;
    }
    if (g.more.length < MORE_EXAMPLES) g.more.push(`${code}: ${message}`);
    return false;
  }

  all(): readonly Group[] {
    return [...this.groups.values()];
  }
}
