/**
 * @module A valid chat request refused, shrunk to the combination of fields the target refuses: each
 * optional field left out in turn while the target still refuses with the same status.
 *
 * Which fields a realistic request carries depends on the seed, and a 54-field request is no evidence
 * a person can act on. Combinations are kept per run (`ctx.cache`); the runner reports each once
 * (src/runner/cascades.ts).
 */
import { type CacheKey, type CheckCache, cacheKey } from '../core/cache-key.js';
import type { CheckContext } from '../core/check.js';
import { describeResponse, excerpt } from '../core/describe.js';
import { vllmRuleViolations } from '../rules/vllm-request-rules.js';
import type { HttpExchange } from '../transport/types.js';
import { pathOf } from './requests.js';

/** Fields a shrink never leaves out: what every chat request of the suite carries. */
const KEPT = new Set(['messages', 'model', 'max_completion_tokens']);

/** Most requests one shrink sends (one per optional field, a chat request has fewer than this). */
export const SHRINK_PROBES = 60;

/** One combination of fields a target refused, as found by the first shrink that met it. */
export interface RefusedCombination {
  /** The fields, sorted: the combination's identity. */
  readonly fields: readonly string[];
  /** The combination in words: "`echo: true` together with `logprobs: true`". */
  readonly words: string;
  /** The minimal request still refused, and its exchange. */
  readonly body: Record<string, unknown>;
  readonly exchange: HttpExchange;
  /** The checks that met it, in the order they did. */
  readonly metBy: string[];
}

const REGISTRY: CacheKey<RefusedCombination[]> = cacheKey('refused-combinations');

/** The run's combinations found so far (shared by every check through `ctx.cache`). */
export function refusedCombinations(cache: Pick<CheckCache, 'once'>): RefusedCombination[] {
  return cache.once(REGISTRY, () => []);
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** "`echo: true` together with `logprobs: true`", or "`echo: true`" alone. */
function combinationWords(body: Record<string, unknown>, fields: readonly string[]): string {
  return fields.map((f) => `\`${f}: ${shown(body[f])}\``).join(' together with ');
}

/** Whether the target may be asked `body` as a valid request: schema-valid and within vLLM's rules. */
function valid(ctx: CheckContext, body: Record<string, unknown>): boolean {
  return ctx.schemas.validate('chat/chat-completion-request', body).ok && vllmRuleViolations(body).length === 0;
}

const optionalFields = (body: Record<string, unknown>): string[] =>
  Object.keys(body)
    .filter((f) => !KEPT.has(f))
    .sort();

/**
 * The combination a refused valid chat request stands for (`refusedStatus`: the status it was refused
 * with): one already found that the request carries, or a new one, shrunk here. Undefined when even
 * the request with every optional field left out is refused the same way (not a combination: the
 * operation's baseline, the root check's), or when the refusal did not repeat. With `shrink: false`,
 * only a combination already found is looked for (a check shrinks once: its later refusals, a
 * property's shrinking among them, are attributed to what that found).
 */
export async function refusedCombinationOf(
  ctx: CheckContext,
  checkId: string,
  body: Record<string, unknown>,
  refusedStatus: number,
  options: { readonly shrink?: boolean } = {},
): Promise<RefusedCombination | undefined> {
  const known = refusedCombinations(ctx.cache);
  const carried = (c: RefusedCombination) => c.fields.every((f) => f in body && shown(body[f]) === shown(c.body[f]));
  const met = known.find(carried);
  if (met) return metBy(met, checkId);
  if (options.shrink === false) return undefined;
  const send = (b: Record<string, unknown>) =>
    ctx.http.send({ method: 'POST', path: pathOf(ctx.target, 'chat.create'), json: b });
  let current = { ...body };
  let evidence: HttpExchange | undefined;
  let probes = 0;
  // Passes until nothing more can be left out: a field another one needs (top_logprobs needs
  // logprobs) goes only after the one that needs it.
  for (let removed = true; removed && probes < SHRINK_PROBES; ) {
    removed = false;
    for (const field of optionalFields(current)) {
      if (probes >= SHRINK_PROBES) break;
      const { [field]: _left, ...candidate } = current;
      if (!valid(ctx, candidate)) continue;
      probes++;
      const ex = await send(candidate);
      if (ex.response.status !== refusedStatus) continue;
      current = candidate;
      evidence = ex;
      removed = true;
    }
  }
  const fields = optionalFields(current);
  if (fields.length === 0) return undefined;
  if (!evidence) {
    // Nothing could be left out: the request as it stands is the evidence, if it is refused again.
    const again = await send(current);
    if (again.response.status !== refusedStatus) return undefined;
    evidence = again;
  }
  const raced = known.find((c) => c.fields.join() === fields.join());
  if (raced) return metBy(raced, checkId);
  const found: RefusedCombination = {
    fields,
    words: combinationWords(current, fields),
    body: current,
    exchange: evidence,
    metBy: [checkId],
  };
  known.push(found);
  return found;
}

function metBy(c: RefusedCombination, checkId: string): RefusedCombination {
  if (!c.metBy.includes(checkId)) c.metBy.push(checkId);
  return c;
}

export function refusedCombinationFailure(c: RefusedCombination): {
  expected: string;
  actual: string;
  exchange: HttpExchange;
} {
  return {
    expected:
      'a 2xx answer to a valid request: §4.1 makes every field but `messages` optional, to be sent alone or together',
    actual: `refuses ${c.words} (${describeResponse(c.exchange)}: ${excerpt(c.exchange.response.bodyText, 200)}); the smallest refused request carries only these fields`,
    exchange: c.exchange,
  };
}
