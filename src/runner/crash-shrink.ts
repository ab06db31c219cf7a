/**
 * @module Shrinking a request, or a set of requests sent at once, that brings the target down: requests
 * dropped from the set, then fields out of the bodies, `n` lower, the prompt shorter, each kept only
 * while the crash still comes back (the `crashes` oracle sends, and waits out the restart).
 */
import { isJsonObject } from '../core/values.js';
import type { HttpRequestSpec } from '../transport/types.js';

type Json = Record<string, unknown>;

/** Whether a set of bodies (one per request, sent at once) brings the target down; false once out of attempts. */
export type Oracle = (specs: readonly HttpRequestSpec[]) => Promise<boolean>;

export interface Shrunk {
  readonly specs: readonly HttpRequestSpec[];
  /** Which of the given specs the set kept, in order. */
  readonly kept: readonly number[];
  /** What the shrinking took out, in words ("fields stream, seed out", "n 3 → 2"). */
  readonly steps: readonly string[];
}

/**
 * The smallest sub-list of `items` (keeping their order) for which `holds` still says yes, given it
 * does for all of them: chunks of half the list, then of a quarter, down to single items, each
 * dropped while the rest still holds (delta debugging's complement step).
 */
export async function minimalList<T>(
  items: readonly T[],
  holds: (kept: readonly T[]) => Promise<boolean>,
  minLength = 0,
): Promise<T[]> {
  let kept = [...items];
  for (let chunk = Math.ceil(kept.length / 2); chunk >= 1; chunk = chunk === 1 ? 0 : Math.ceil(chunk / 2)) {
    for (let i = 0; i < kept.length; ) {
      const rest = [...kept.slice(0, i), ...kept.slice(i + chunk)];
      if (rest.length >= minLength && rest.length < kept.length && (await holds(rest))) kept = rest;
      else i += chunk;
    }
  }
  return kept;
}

/** The least value in `lo..hi` for which `holds` says yes, given it does at `hi` (a bisection). */
export async function least(lo: number, hi: number, holds: (v: number) => Promise<boolean>): Promise<number> {
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (await holds(mid)) hi = mid;
    else lo = mid + 1;
  }
  return hi;
}

const bodyOf = (spec: HttpRequestSpec): Json | undefined => (isJsonObject(spec.json) ? spec.json : undefined);

/** The prompt's text: every string content of `messages` (and of their text parts), and a string `prompt`. */
function promptLength(body: Json): number {
  let longest = typeof body.prompt === 'string' ? body.prompt.length : 0;
  for (const m of Array.isArray(body.messages) ? body.messages : []) {
    if (!isJsonObject(m)) continue;
    if (typeof m.content === 'string') longest = Math.max(longest, m.content.length);
    else if (Array.isArray(m.content))
      for (const p of m.content)
        if (isJsonObject(p) && typeof p.text === 'string') longest = Math.max(longest, p.text.length);
  }
  return longest;
}

/** The body with every text of its prompt cut to `cap` characters. */
function capPrompt(body: Json, cap: number): Json {
  const cut = (s: string) => s.slice(0, cap);
  const out: Json = { ...body };
  if (typeof body.prompt === 'string') out.prompt = cut(body.prompt);
  if (Array.isArray(body.messages))
    out.messages = body.messages.map((m) => {
      if (!isJsonObject(m)) return m;
      if (typeof m.content === 'string') return { ...m, content: cut(m.content) };
      if (!Array.isArray(m.content)) return m;
      return {
        ...m,
        content: m.content.map((p) =>
          isJsonObject(p) && typeof p.text === 'string' ? { ...p, text: cut(p.text) } : p,
        ),
      };
    });
  return out;
}

const mapBodies = (specs: readonly HttpRequestSpec[], f: (b: Json) => Json) =>
  specs.map((s) => {
    const b = bodyOf(s);
    return b ? { ...s, json: f(b) } : s;
  });

/** Fields out of every body of the set at once (a field the crash needs stays in all). */
async function fewerFields(specs: readonly HttpRequestSpec[], crashes: Oracle, steps: string[]) {
  const fields = [...new Set(specs.flatMap((s) => Object.keys(bodyOf(s) ?? {})))];
  if (!fields.length) return specs;
  const keep = (kept: readonly string[]) =>
    mapBodies(specs, (b) => Object.fromEntries(Object.entries(b).filter(([k]) => kept.includes(k))));
  const kept = await minimalList(fields, (k) => crashes(keep(k)));
  const out = fields.filter((f) => !kept.includes(f));
  if (out.length) steps.push(`${out.length} of ${fields.length} fields out (${out.join(', ')})`);
  return keep(kept);
}

/** `n` as low as still brings it down, in every body that asks for more than one choice. */
async function fewerChoices(specs: readonly HttpRequestSpec[], crashes: Oracle, steps: string[]) {
  const most = Math.max(0, ...specs.map((s) => Number(bodyOf(s)?.n) || 0));
  if (most <= 1) return specs;
  const capped = (n: number) => mapBodies(specs, (b) => (typeof b.n === 'number' && b.n > n ? { ...b, n } : b));
  const n = await least(1, most, (v) => (v === most ? Promise.resolve(true) : crashes(capped(v))));
  if (n < most) steps.push(`n ${most} → ${n}`);
  return capped(n);
}

/** The prompt as short as still brings it down (to the character, by bisection). */
async function shorterPrompt(specs: readonly HttpRequestSpec[], crashes: Oracle, steps: string[]) {
  const longest = Math.max(0, ...specs.map((s) => promptLength(bodyOf(s) ?? {})));
  if (longest <= 1) return specs;
  const capped = (cap: number) => mapBodies(specs, (b) => capPrompt(b, cap));
  const cap = await least(1, longest, (v) => (v === longest ? Promise.resolve(true) : crashes(capped(v))));
  if (cap < longest) steps.push(`prompt ${longest} → ${cap} characters`);
  return capped(cap);
}

/** The set shrunk: requests dropped, then fields, `n` and the prompt, each only while `crashes` still says yes. */
export async function shrink(specs: readonly HttpRequestSpec[], crashes: Oracle): Promise<Shrunk> {
  const steps: string[] = [];
  const indices = specs.map((_, i) => i);
  const kept = await minimalList(indices, (k) => crashes(k.map((i) => specs[i]!)), 1);
  if (kept.length < specs.length) steps.push(`${specs.length - kept.length} of ${specs.length} requests dropped`);
  let set: readonly HttpRequestSpec[] = kept.map((i) => specs[i]!);
  set = await fewerFields(set, crashes, steps);
  set = await fewerChoices(set, crashes, steps);
  set = await shorterPrompt(set, crashes, steps);
  return { specs: set, kept, steps };
}
