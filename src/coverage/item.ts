/** @module One item of the coverage model: a part of the interface a run should exercise, named and described. */
import type { CoverageKind } from '../core/coverage.js';
import type { OperationId } from '../core/operations.js';
import type { VllmRuleId } from '../rules/vllm-request-rules.js';
import type { PresentationId } from '../core/presentations.js';

/** Chat requests are exercised in both modes (§4.1 `stream`). */
export type Mode = 'non-streamed' | 'streamed';
export type ScopeProbe = 'other-entity' | 'other-project';

export interface CoverageItem {
  /** Stable and readable: `chat.create request-accepted seed (streamed)`. */
  readonly id: string;
  readonly operation: OperationId;
  readonly kind: CoverageKind;
  /** A field path (`messages[].role`) for request, response, value and bound items. */
  readonly path?: string;
  readonly mode?: Mode;
  /** A request-value item: the value the schema names. */
  readonly value?: string | number | boolean;
  /** A request-bound item: which bound, and whether the value sits at it (accepted) or beyond it (rejected). */
  readonly bound?: { readonly which: 'minimum' | 'maximum'; readonly side: 'at' | 'beyond'; readonly limit: number };
  /** A rule-rejected item: the cross-field rule (conventions' vLLM rules, §7) broken. */
  readonly rule?: VllmRuleId;
  readonly presentation?: PresentationId;
  readonly scope?: ScopeProbe;
  /** What exercising it means, for a person. */
  readonly description: string;
}
