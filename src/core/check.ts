/** @module The check model: a check is data plus a function; ids are stable `<area>.<rule>`, never positional. */
import type { SchemaRegistry } from '../schemas/registry.js';
import type { HttpClient, HttpExchange } from '../transport/types.js';
import type { CheckCache } from './cache-key.js';
import type { CheckIdentity } from './check-identity.js';
import type { CheckSchedule } from './check-schedule.js';
import type { OperationId } from './operations.js';
import type { CheckOutcome } from './result.js';

export { LEVELS, type Level } from './check-identity.js';
export type { CheckSchedule, StartOrder } from './check-schedule.js';

/** What the suite knows about the target. */
export interface TargetConfig {
  readonly baseUrl: string;
  readonly entity: string;
  readonly project: string;
  /** The model name sent in chat requests (undefined: the field is omitted). */
  readonly model?: string;
  /** A model UUID for §4.2 `model_id` and the §4.4 path. */
  readonly modelId: string;
  /** Declared with priority scheduling (§7.1). */
  readonly priorityScheduling: boolean;
  /** Operations with side effects may run (always true for the bundled mock). */
  readonly allowWrites: boolean;
  /** Most requests answered 2xx by an operation with side effects (src/runner/write-ledger.ts); undefined: no budget. */
  readonly maxWrites?: number;
  /** The target is the bundled mock started by the suite. */
  readonly bundledMock: boolean;
  /** §4.5/§4.7 query parameter names (not shown in the spec). */
  readonly listParams: { readonly evaluationRunId: string; readonly limit: string; readonly offset: string };
  /** Most records a list check reads from one listing. */
  readonly listReadCap: number;
  /** Largest completion a chat case may ask for (token budget against real targets). */
  readonly maxCompletionTokens: number;
  /** Chat requests the checks under load send at once (suites/load; at most 32). */
  readonly loadBurst?: number;
  /** `--max-context`: the deployment's context window in tokens, positive chat cases kept within it. */
  readonly maxContextTokens?: number;
}

/** Where a run's characters per token came from: the target's `usage` of earlier answers, or the counts its refusals named. */
export type CharsPerTokenSource = 'usage' | 'refusal';

/** The run's context window, shared by its checks: from `--max-context`, or learned (src/kit/context-window.ts). */
export interface ContextWindow {
  tokens: number | undefined;
  /** Where it came from: `--max-context`, the target's own refusal naming it, or nowhere. */
  source: 'flag' | 'learned' | 'none';
  /** The deployment's characters per token, once its counts showed fewer than the suite's 3 (undefined: not learned). */
  charsPerToken?: number;
  charsPerTokenSource?: CharsPerTokenSource;
}

export interface CheckContext {
  readonly target: TargetConfig;
  readonly http: HttpClient;
  readonly schemas: SchemaRegistry;
  /** The run's seed; a property check derives its fast-check seed from it. */
  readonly seed: number;
  /** fast-check runs per property. */
  readonly runs: number;
  /** Aborted when the run's deadline passes. */
  readonly signal: AbortSignal;
  /** The run cache (src/core/cache-key.ts): what several checks need is made once and shared. */
  readonly cache: CheckCache;
  /** Coverage items exercised so far: a property stops early once its cases add none (src/kit/property.ts). */
  readonly coveredItems?: () => number;
  /** Hands evidence of another check's (`owner`) rule broken to that check (src/runner/hand-off.ts). */
  readonly report?: (owner: string, breach: HandedOffBreach) => void;
  /** The run's context window (absent: only the target's `maxContextTokens`, nothing learned). */
  readonly contextWindow?: ContextWindow;
  /** `--concurrency`: the most requests the run has in flight; a check sending several at once (`schedule.alone`) sends at most this many. */
  readonly concurrency?: number;
}

/** Another check's rule seen broken: a request that breaks the request schema answered 2xx or 5xx. */
export interface HandedOffBreach {
  readonly expected: string;
  readonly actual: string;
  readonly exchange: HttpExchange;
}

export interface CheckDefinition extends CheckIdentity {
  /** Needs write access (creates jobs, logs trajectories): skipped without --allow-writes. */
  readonly writes?: boolean;
  /** The operation's root check (its baseline): when it fails, `precondition` failures are blocked by it. */
  readonly root?: boolean;
  /** A root cause: blocks the operation's failures that restate it, gating at their strictest level. */
  readonly explains?: OperationId;
  run(ctx: CheckContext): Promise<CheckOutcome>;
  /** What the engine needs of it besides its meaning: when it starts, what it costs, what it shares (check-schedule.ts). */
  readonly schedule?: CheckSchedule;
}

/** `maxRequests` of a check that declares none: most checks send one to four requests. */
export const DEFAULT_MAX_REQUESTS = 4;

/** Requests of a property check: cases (`enumerated` first), shrink probes, the replay, plus `extra`. */
export function propertyRequests(
  perCase: number,
  shrinkProbes = 40,
  extra = 0,
  enumerated = 0,
): ((runs: number) => number) & PropertyShape {
  return Object.assign((runs: number) => (enumerated + runs + shrinkProbes + 1) * perCase + extra, {
    perCase,
    extra,
    enumerated,
  });
}

/** What `propertyRequests` knows of a property: the requests one case sends, those besides its cases, its enumerated cases. */
interface PropertyShape {
  readonly perCase: number;
  readonly extra: number;
  readonly enumerated: number;
}

/** Share of `--runs` a property always runs before it may stop early for want of new coverage. */
const FLOOR_SHARE = 0.25;

/** The cases a property runs whatever coverage says (src/kit/property.ts): a quarter of its runs, at least one. */
export function propertyFloor(runs: number): number {
  return Math.min(runs, Math.max(1, Math.ceil(runs * FLOOR_SHARE)));
}

/** The likely requests of a check that declares no `maxRequests`: most judge one answer, often a shared one. */
const LIKELY_UNDECLARED = 1;

/** The requests a check likely sends to a conformant target (`shared`: they count for the other check). */
export function likelyRequestsOf(
  schedule: Pick<CheckSchedule, 'maxRequests' | 'likelyRequests'> | undefined,
  runs: number,
  shared = false,
  undeclared = LIKELY_UNDECLARED,
): number {
  const shape = schedule?.maxRequests as Partial<PropertyShape> | undefined;
  if (shape?.perCase !== undefined)
    return (shared ? 0 : shape.perCase * ((shape.enumerated ?? 0) + propertyFloor(runs))) + (shape.extra ?? 0);
  if (shared) return 0;
  return schedule?.likelyRequests?.(runs) ?? schedule?.maxRequests?.(runs) ?? undeclared;
}

const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.[a-z0-9]+(?:[-.][a-z0-9]+)*$/;

/** Declares a check; throws on a malformed definition so the catalogue can never hold one. */
export function defineCheck(def: CheckDefinition): CheckDefinition {
  if (!ID_PATTERN.test(def.id)) throw new Error(`check id "${def.id}" must be <area>.<rule> in kebab-case`);
  if (!/^§\d/.test(def.section)) throw new Error(`check ${def.id}: section must cite the spec, like §4.1`);
  if (def.level === 'SHOULD' && !def.convention)
    throw new Error(`check ${def.id}: a SHOULD check must name its convention`);
  if (!def.requirement.trim()) throw new Error(`check ${def.id}: requirement is empty`);
  const shares = def.schedule?.sharesCasesWith;
  if (shares !== undefined && !ID_PATTERN.test(shares))
    throw new Error(`check ${def.id}: sharesCasesWith "${shares}" is not a check id`);
  return Object.freeze({ ...def, ...(def.schedule ? { schedule: Object.freeze({ ...def.schedule }) } : {}) });
}
