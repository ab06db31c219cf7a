/** @module A burst's answers judged against the same requests sent alone: only a breach new under load counts. */
import { usageBreach } from '../../src/rules/chat-answer.js';
import { is2xx } from '../../src/core/values.js';
import type { Answer, BurstRequest } from './burst.js';

/** The chat checks that own the bounds a burst answer may break alone too. */
export const OWNERS = {
  n: 'chat-completions.n-choices-indexed',
  bound: 'chat-completions.max-tokens-bound-completion',
  usage: 'chat-completions.usage-adds-up',
} as const;

/** The first breach under load (absent when each answer is its own), and what the solo answers break alone. */
export interface BurstJudgement {
  readonly breach?: { readonly actual: string; readonly at: number };
  /** One line per rule the solo answers break too. */
  readonly aloneToo: readonly string[];
}

export const ok = (a: Answer) => is2xx(a.status);
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

export const label = (r: BurstRequest) =>
  `request ${r.index + 1} (request_id ${r.requestId}, n=${r.n}, max_completion_tokens=${r.maxTokens}${r.stream ? ', streamed' : ''})`;

/** A bound one answer may break: the breach in words, or undefined when the answer keeps it. */
type Bound = (r: BurstRequest, a: Answer) => string | undefined;

const BOUNDS: readonly { owner: string; what: string; breach: Bound }[] = [
  {
    owner: OWNERS.n,
    what: 'n choices',
    breach: (r, a) =>
      a.texts.length !== r.n ? `got ${a.texts.length} choices, not its n=${r.n}: another request's answer` : undefined,
  },
  {
    owner: OWNERS.bound,
    what: 'completion_tokens within n × max_completion_tokens',
    breach: (r, a) =>
      typeof a.usage?.completion_tokens === 'number' && a.usage.completion_tokens > r.maxTokens * r.n
        ? `counted ${a.usage.completion_tokens} completion tokens, more than n × max_completion_tokens = ${r.n * r.maxTokens} (usage counted across the batch)`
        : undefined,
  },
  {
    owner: OWNERS.usage,
    what: 'usage adding up',
    breach: (_r, a) => {
      const b = a.usage === undefined ? undefined : usageBreach(a.usage);
      return b && `counted usage that does not add up (${b}) (usage counted across the batch)`;
    },
  },
];

/** Answers crossed: an answer that is not its own solo answer but another request's. */
function crossed(reqs: readonly BurstRequest[], solo: readonly Answer[], burst: readonly Answer[]) {
  for (const r of reqs) {
    const a = burst[r.index]!;
    if (!ok(a) || same(a.texts, solo[r.index]!.texts)) continue;
    const owner = reqs.find((o) => o.index !== r.index && same(a.texts, solo[o.index]!.texts));
    if (owner)
      return {
        at: r.index,
        actual: `the answer to ${label(r)} is the answer to ${label(owner)}: ${JSON.stringify(a.texts).slice(0, 200)} (answers crossed between concurrent requests)`,
      };
  }
  return undefined;
}

/** Two answers of the burst with one id, when their solo answers had distinct ids (or none). */
function sharedId(reqs: readonly BurstRequest[], solo: readonly Answer[], burst: readonly Answer[], alone: string[]) {
  const ids = new Map<string, number>();
  for (const r of reqs) {
    const id = burst[r.index]!.id;
    if (!ok(burst[r.index]!) || id === undefined) continue;
    const other = ids.get(id);
    if (other === undefined) {
      ids.set(id, r.index);
      continue;
    }
    const soloId = solo[r.index]!.id;
    if (soloId !== undefined && soloId === solo[other]!.id) {
      alone.push(`${label(r)} and ${label(reqs[other]!)} share the id ${soloId} alone too: not a finding under load`);
      continue;
    }
    return { at: r.index, actual: `${label(r)} and ${label(reqs[other]!)} were both answered with the id ${id}` };
  }
  return undefined;
}

export function judgeBurst(
  reqs: readonly BurstRequest[],
  solo: readonly Answer[],
  burst: readonly Answer[],
): BurstJudgement {
  const alone: string[] = [];
  const owned = new Set<string>();
  const found = (breach: { at: number; actual: string }): BurstJudgement => ({ breach, aloneToo: alone });
  const first = crossed(reqs, solo, burst) ?? sharedId(reqs, solo, burst, alone);
  if (first) return found(first);
  for (const r of reqs) {
    const a = burst[r.index]!;
    const s = solo[r.index]!;
    if (!ok(a)) continue;
    for (const bound of BOUNDS) {
      const breach = bound.breach(r, a);
      if (!breach) continue;
      const soloBreach = bound.breach(r, s);
      if (soloBreach === undefined) return found({ at: r.index, actual: `${label(r)} ${breach}` });
      if (!owned.has(bound.owner))
        alone.push(
          `${label(r)} sent alone ${soloBreach.replace(/ \(usage counted across the batch\)|: another request's answer/, '')} too: ${bound.what} is ${bound.owner}'s finding, not one under load`,
        );
      owned.add(bound.owner);
    }
    const u = a.usage;
    const su = s.usage;
    if (u && su && u.prompt_tokens !== su.prompt_tokens)
      return found({
        at: r.index,
        actual: `${label(r)} counted ${u.prompt_tokens} prompt tokens under load, ${su.prompt_tokens} alone (usage counted across the batch)`,
      });
    if (u && su && same(a.texts, s.texts) && u.completion_tokens !== su.completion_tokens)
      return found({
        at: r.index,
        actual: `${label(r)} counted ${u.completion_tokens} completion tokens under load for the text it got alone with ${su.completion_tokens} (usage counted across the batch)`,
      });
  }
  return { aloneToo: alone };
}
