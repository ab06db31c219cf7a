/** @module Negative generation: valid values with exactly one constraint broken, each labelled. */
import fc from 'fast-check';
import type { ArbitraryFromSchemaOptions } from './arbitrary-from-schema.js';
import { arbitraryFromSchema, contextOf } from './arbitrary-from-schema.js';
import { compileFlat, compileSchemas, type CompileContext } from './_internals/compile.js';
import { conjoin, flatten, type FlatSchema } from './_internals/flat-schema.js';
import { matchesFlat } from './_internals/matches.js';
import { mutationSites, type MutationSite, type PathStep } from './_internals/mutation-sites.js';
import { NO_CASE, templatesAt, type MutationTemplate } from './_internals/mutation-templates.js';
import { probeKeys, probeOutcome } from './_internals/probe-outcomes.js';
import { ReplayedDraws } from './_internals/replayed-draw.js';
import { rootSchema } from './_internals/schema-store.js';
import type { Mutation, MutationKind, NegativeCase, Strictness } from './mutation.js';
import { isJsonObject, memo } from '../core/values.js';

export interface NegativeCasesOptions extends ArbitraryFromSchemaOptions {
  /** Keep only these kinds. @defaultValue every kind */
  kinds?: readonly MutationKind[];
  /** Keep only this strictness. @defaultValue both */
  strictness?: Strictness;
  /** How deep below the root mutations reach (properties and array elements). @defaultValue 3 */
  maxSiteDepth?: number;
}

interface Prepared {
  readonly template: MutationTemplate;
  readonly arbitrary: fc.Arbitrary<NegativeCase>;
}

const cache = new WeakMap<object, Map<string, Prepared[]>>();

function isContainerFor(value: unknown, key: string | number): value is Record<string, unknown> | unknown[] {
  return typeof key === 'number' ? Array.isArray(value) : isJsonObject(value);
}

function forced(node: FlatSchema, type: 'object' | 'array', ctx: CompileContext, depth: number): fc.Arbitrary<unknown> {
  return compileFlat(conjoin(node, { type }), ctx, depth) ?? fc.constant(type === 'object' ? {} : []);
}

/** The arbitraries templates are assembled from, compiled once per path step and site and shared. */
class Parts {
  readonly #ctx: CompileContext;
  readonly #steps = new Map<PathStep, fc.Arbitrary<[unknown, unknown]>>();
  /** Per node, the node made an object or an array: the steps from one parent (its every key) share it. */
  readonly #forced = new Map<FlatSchema, Map<string, fc.Arbitrary<unknown>>>();

  constructor(ctx: CompileContext) {
    this.#ctx = ctx;
  }

  /** The container of step `i` (made the step's type) and its child, or NO_CASE when the child has no value. */
  step(step: PathStep, i: number): fc.Arbitrary<[unknown, unknown]> {
    return memo(this.#steps, step, () =>
      fc.tuple(
        this.#forcedNode(step.parent, typeof step.key === 'number' ? 'array' : 'object', i),
        compileSchemas(step.child, this.#ctx, i + 1) ?? fc.constant(NO_CASE),
      ),
    );
  }

  /** The site's node as an object (for edits that add or remove a key). */
  container(site: MutationSite): fc.Arbitrary<unknown> {
    return this.#forcedNode(site.node, 'object', site.path.length);
  }

  #forcedNode(node: FlatSchema, type: 'object' | 'array', depth: number): fc.Arbitrary<unknown> {
    const perNode = memo(this.#forced, node, () => new Map<string, fc.Arbitrary<unknown>>());
    return memo(perNode, `${type}@${depth}`, () => forced(node, type, this.#ctx, depth));
  }
}

/** The arbitrary of one template: a valid root, the path to the site made present, then the edit. */
function prepare(
  root: FlatSchema,
  template: MutationTemplate,
  rootArb: fc.Arbitrary<unknown>,
  parts: Parts,
  draws?: ReplayedDraws,
): fc.Arbitrary<NegativeCase | undefined> {
  const { site, edit } = template;
  const drawn = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T> => (draws ? draws.of(arb) : arb);
  const steps = site.path.map((step, i) => drawn(parts.step(step, i)));
  const siteContainer = edit.op === 'replace' ? fc.constant(undefined) : drawn(parts.container(site));
  return fc.tuple(drawn(rootArb), siteContainer, ...steps).map(([generated, container, ...parts]) => {
    const holder = { root: structuredClone(generated) as unknown };
    let parent: Record<string | number, unknown> = holder as unknown as Record<string, unknown>;
    let key: string | number = 'root';
    for (let i = 0; i < site.path.length; i++) {
      const step = site.path[i]!;
      const [containerValue, childValue] = parts[i] as [unknown, unknown];
      if (!isContainerFor(parent[key], step.key)) parent[key] = structuredClone(containerValue);
      const c = parent[key] as Record<string | number, unknown>;
      if (Array.isArray(c) ? c.length === 0 : !Object.hasOwn(c, step.key)) {
        if (childValue === NO_CASE) return undefined;
        c[step.key] = structuredClone(childValue);
      }
      parent = c;
      key = step.key;
    }
    if (edit.op !== 'replace' && !isContainerFor(parent[key], 'k')) parent[key] = structuredClone(container);
    // The base (the value before the edit) must be valid; matching only reads it.
    if (!matchesFlat(root, holder.root)) return undefined;
    if (edit.op === 'replace') {
      const next = edit.make(parent[key]);
      if (next === NO_CASE) return undefined;
      parent[key] = next;
    } else {
      const obj = parent[key] as Record<string, unknown>;
      if (edit.op === 'remove') delete obj[edit.key];
      else obj[edit.key] = edit.value;
    }
    if (matchesFlat(root, holder.root)) return undefined;
    return { value: holder.root, mutation: template.mutation };
  });
}

function isCase(c: NegativeCase | undefined): c is NegativeCase {
  return c !== undefined;
}

/** Whether the arbitrary yields a case within a few seeded tries (the first try is the first of the thirty). */
function probe(raw: fc.Arbitrary<NegativeCase | undefined>): boolean {
  for (const numRuns of [1, 30]) if (fc.sample(raw, { seed: 0x5eed, numRuns }).some(isCase)) return true;
  return false;
}

/** What the catalogues of one root schema share whatever their kinds and strictness (same compile context). */
interface Workshop {
  readonly rootFlat: FlatSchema;
  readonly parts: Parts;
  readonly draws: ReplayedDraws;
  /** The mutation sites per depth: the same steps each time, so that their parts are compiled and drawn once. */
  readonly sites: Map<number, readonly MutationSite[]>;
}

const workshops = new WeakMap<object, Map<string, Workshop>>();

function workshopOf(root: Record<string, unknown>, ctx: CompileContext): Workshop {
  const key = JSON.stringify(ctx);
  return memo(
    memo(workshops, root, () => new Map<string, Workshop>()),
    key,
    () => ({
      rootFlat: flatten(root),
      parts: new Parts(ctx),
      draws: new ReplayedDraws(),
      sites: new Map(),
    }),
  );
}

/** The cache slot of a schema and options: where a built catalogue is kept. */
function slotOf(
  schema: object | string,
  options: NegativeCasesOptions,
): { root: Record<string, unknown>; perOptions: Map<string, Prepared[]>; key: string } | undefined {
  const root = rootSchema(schema);
  if (typeof root === 'boolean') return undefined;
  const key = JSON.stringify([
    options.kinds ?? null,
    options.strictness ?? null,
    options.maxSiteDepth ?? 3,
    contextOf(options),
  ]);
  return { root, perOptions: memo(cache, root, () => new Map<string, Prepared[]>()), key };
}

/** Builds a catalogue, yielding after each template, and returns it (kept in the cache). */
function* building(schema: object | string, options: NegativeCasesOptions): Generator<void, Prepared[]> {
  const slot = slotOf(schema, options);
  if (!slot) return [];
  const hit = slot.perOptions.get(slot.key);
  if (hit) return hit;
  const { root } = slot;
  const shop = workshopOf(root, contextOf(options));
  const { rootFlat, parts, draws } = shop;
  yield;
  const rootArb = arbitraryFromSchema(schema, options);
  yield;
  const out: Prepared[] = [];
  const depth = options.maxSiteDepth ?? 3;
  const sites = memo(shop.sites, depth, () => mutationSites(root, depth));
  const keyOf = probeKeys(root, slot.key);
  for (const [s, site] of sites.entries()) {
    for (const [t, template] of templatesAt(site).entries()) {
      if (options.kinds && !options.kinds.includes(template.mutation.kind)) continue;
      if (options.strictness && options.strictness !== template.mutation.strictness) continue;
      // Only templates that produce cases: filtering an arbitrary that never yields would loop forever.
      const { kind, pointer, description } = template.mutation;
      const key = () => keyOf(`${s}.${t}`, `${kind} ${pointer} ${description}`);
      if (probeOutcome(key, () => probe(prepare(rootFlat, template, rootArb, parts, draws))))
        out.push({ template, arbitrary: prepare(rootFlat, template, rootArb, parts).filter(isCase) });
      yield;
    }
  }
  // Built twice side by side (a synchronous caller while a cooperative build runs), the first kept wins.
  const kept = slot.perOptions.get(slot.key) ?? out;
  slot.perOptions.set(slot.key, kept);
  return kept;
}

function prepared(schema: object | string, options: NegativeCasesOptions): Prepared[] {
  const steps = building(schema, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** How long a cooperative build computes before it hands the event loop back. */
const SLICE_MS = 4;

/** Cooperative builds under way, per cache slot: a second caller waits for the first build. */
const underway = new WeakMap<Map<string, Prepared[]>, Map<string, Promise<void>>>();

/** Builds and caches the catalogue of `schema` without holding the event loop more than a few ms at a time. */
export function prepareCatalogue(schema: object | string, options: NegativeCasesOptions = {}): Promise<void> {
  const slot = slotOf(schema, options);
  if (!slot || slot.perOptions.has(slot.key)) return Promise.resolve();
  const bySlot = memo(underway, slot.perOptions, () => new Map<string, Promise<void>>());
  const running = bySlot.get(slot.key);
  if (running) return running;
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const build = (async () => {
    // What the caller started just before (requests) gets under way first.
    await turn();
    const steps = building(schema, options);
    let slice = performance.now();
    while (!steps.next().done) {
      if (performance.now() - slice < SLICE_MS) continue;
      await turn();
      slice = performance.now();
    }
  })().finally(() => bySlot.delete(slot.key));
  bySlot.set(slot.key, build);
  return build;
}

/** The deterministic list of mutations `negativeCases` draws from, in schema order. */
export function mutationCatalogue(schema: object | string, options: NegativeCasesOptions = {}): readonly Mutation[] {
  return prepared(schema, options).map((p) => p.template.mutation);
}

/** Negative cases for `schema`: a valid value with one constraint broken; throws when none can be broken. */
export function negativeCases(schema: object | string, options: NegativeCasesOptions = {}): fc.Arbitrary<NegativeCase> {
  const list = prepared(schema, options);
  if (list.length === 0)
    throw new Error(
      `negativeCases: the schema ${typeof schema === 'string' ? schema : ''} offers no constraint to break`,
    );
  return fc.oneof(...list.map((p) => p.arbitrary));
}

/** One negative case per catalogue entry, fixed by `seed`: the deterministic list. */
export function negativeCaseList(
  schema: object | string,
  seed: number,
  options: NegativeCasesOptions = {},
): NegativeCase[] {
  return prepared(schema, options).map((p, i) => fc.sample(p.arbitrary, { seed: seed + i, numRuns: 1 })[0]!);
}

/** The cases that break one place of a schema in one way: a (JSON pointer, mutation kind) pair. */
export interface NegativePair {
  readonly pointer: string;
  readonly kind: MutationKind;
  /** Draws among the pair's catalogue entries (which entry, then its values). */
  readonly cases: fc.Arbitrary<NegativeCase>;
}

/** The catalogue grouped by (pointer, kind), in catalogue order: one case of each covers it whatever the seed. */
export function negativePairs(schema: object | string, options: NegativeCasesOptions = {}): readonly NegativePair[] {
  const groups = new Map<string, Prepared[]>();
  for (const p of prepared(schema, options)) {
    const key = JSON.stringify([p.template.mutation.pointer, p.template.mutation.kind]);
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return [...groups.values()].map((list) => ({
    pointer: list[0]!.template.mutation.pointer,
    kind: list[0]!.template.mutation.kind,
    cases: list.length === 1 ? list[0]!.arbitrary : fc.oneof(...list.map((p) => p.arbitrary)),
  }));
}
