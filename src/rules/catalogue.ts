/**
 * @module The catalogue as `conformance list` shows it: every check id, the suite's and those only
 * traffic shows, with the drivers that judge it and the release that added it.
 */
import type { CheckIdentity } from '../core/check-identity.js';
import { ALL_RULES, RULE_CHECKS } from './index.js';
import { appliesTo, checkIdOf } from './rule.js';
import { OPERATIONS } from '../core/operations.js';

type Driver = 'run' | 'proxy' | 'replay' | 'merge';

export interface CatalogueEntry extends CheckIdentity {
  /** Who judges it: the run sends cases for it; the proxy and the replay judge traffic; the merge judges pairs across proxies. */
  readonly drivers: readonly Driver[];
  /** Needs write access in a run (creates jobs, logs trajectories). */
  readonly writes?: boolean;
}

/** The traffic drivers of every check id a rule gives. */
const TRAFFIC = (() => {
  const byId = new Map<string, Set<Driver>>();
  for (const rule of ALL_RULES)
    for (const o of OPERATIONS) {
      if (!appliesTo(rule, o.id)) continue;
      const drivers: Driver[] =
        rule.slot === undefined
          ? rule.id === 'target.stays-up'
            ? ['proxy']
            : ['proxy', 'replay']
          : rule.slot === 'pair'
            ? ['proxy', 'replay', 'merge']
            : ['proxy', 'replay'];
      for (const id of new Set([checkIdOf(rule, o.id), checkIdOf(rule, o.id, o.id === 'chat.create')])) {
        const set = byId.get(id) ?? new Set<Driver>();
        for (const d of drivers) set.add(d);
        byId.set(id, set);
      }
    }
  return byId;
})();

const ORDER: readonly Driver[] = ['run', 'proxy', 'replay', 'merge'];

function entry(c: CheckIdentity & { readonly writes?: boolean }, run: boolean): CatalogueEntry {
  const drivers = new Set<Driver>(TRAFFIC.get(c.id) ?? []);
  if (run) drivers.add('run');
  return {
    id: c.id,
    operation: c.operation,
    section: c.section,
    level: c.level,
    requirement: c.requirement,
    ...(c.convention ? { convention: c.convention } : {}),
    drivers: ORDER.filter((d) => drivers.has(d)),
    ...(c.writes ? { writes: true } : {}),
  };
}

/**
 * The whole catalogue: the run's checks (`checks`, the suite's), in their order, then the checks only
 * traffic shows, in the rules' order.
 */
export function catalogueOf(checks: readonly (CheckIdentity & { readonly writes?: boolean })[]): CatalogueEntry[] {
  const run = new Set(checks.map((c) => c.id));
  const trafficOnly = RULE_CHECKS.filter((c) => !run.has(c.id));
  return [...checks.map((c) => entry(c, true)), ...trafficOnly.map((c) => entry(c, false))];
}
