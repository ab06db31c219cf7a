/**
 * @module What a conformant variant of the mock is: a way a real server legitimately differs from the
 * bundled mock (a rewrite of its answers or requests, the mock's own options, and what a user would
 * configure for such a server). The catalogue of them is variants.ts.
 */
import type { GapKind } from '../../src/core/gaps.js';
import type { TargetConfig } from '../../src/core/check.js';
import type { MockOptions } from '../../mock/types.js';
import type { RunAgainstUrlOptions } from '../helpers/run-checks.js';
import type { Variant, VariantHandler } from '../helpers/variant-server.js';

export interface ConformantVariant {
  /** kebab-case, unique, e.g. 'fastapi-detail-string' */
  readonly id: string;
  /** One sentence: how it differs and which real server does this. */
  readonly description: string;
  /** The rewrite (test/helpers/variant-server.ts). */
  readonly variant: Variant | VariantHandler;
  /** Options of the bundled mock behind it, e.g. `{ latencyMs: 20 }`. */
  readonly mock?: MockOptions;
  /** What the user would configure for such a server (TargetConfig fields). */
  readonly target?: Partial<TargetConfig>;
  /** Its answers take real time (seconds a request): judged by the e2e tier (the battery), not variants.test.ts. */
  readonly realTime?: true;
  /** How the user would run against it (`--concurrency`, `--timeout`, `--deadline`), when not the tests' defaults. */
  readonly run?: Pick<RunAgainstUrlOptions, 'concurrency' | 'timeoutMs' | 'deadlineMs'>;
  /**
   * The MUST gaps a user of such a server accepts (`--allow-gaps`): checks the server, conformant,
   * gives nothing to judge (records listed without ids cannot be read back).
   */
  readonly allowGaps?: readonly GapKind[];
  /**
   * Set when the suite wrongly judges this conformant variant not conformant: `<check id>: <why the
   * check is wrong>`. The battery's unit test skips it with that reason, so the false finding stays
   * in view until the check is mended.
   */
  readonly knownFalseFinding?: string;
}

/**
 * A variant conformant to the interface (every MUST check passes) that knowingly departs from a
 * SHOULD convention the catalogue names: not a false finding at level should, so it is judged at
 * level must, and at level should only the checks it departs from may fail.
 */
export interface MustOnlyVariant extends ConformantVariant {
  /** The id prefix of the SHOULD checks it departs from, e.g. 'auth.answers-401.'. */
  readonly departsFrom: string;
  /** The convention those checks name, and why this server departs from it. */
  readonly why: string;
}
