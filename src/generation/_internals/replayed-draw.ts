/**
 * @module An arbitrary that remembers its draws: the same value for the same random state, drawn
 * once. A catalogue's probes all sample with one seed, so each draws the same valid root (and the
 * same containers and children at a shared site) from the same state: the first probe draws them,
 * the others take them back and only advance the random generator to the state the draw left it
 * in, so whatever is drawn after them comes out as it would have.
 * @internal
 */
import fc from 'fast-check';

interface Draw<T> {
  readonly value: fc.Value<T>;
  /** The random state the draw left. */
  readonly after: readonly number[];
  /** How many raw outputs of the generator the draw took: known after the first replay, -1 when it could not be counted. */
  steps?: number;
}

/** Most raw outputs a replay counts before it gives up (and draws again). */
const MAX_STEPS = 1_000_000;

function sameState(a: readonly number[] | undefined, b: readonly number[]): boolean {
  return a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * How many raw outputs take `mrng` (left as it is) to the state `after`, or -1 when it is not within
 * reach. `nextInt(0, 1)` takes exactly one raw output (a range of two is never rejected).
 */
function stepsTo(mrng: fc.Random, after: readonly number[]): number {
  const walker = mrng.clone();
  for (let n = 0; n <= MAX_STEPS; n++) {
    if (sameState(walker.getState(), after)) return n;
    walker.nextInt(0, 1);
  }
  return -1;
}

/** Replays the wrapped arbitrary's draws; shrinking is the wrapped arbitrary's. */
class ReplayedDraw<T> extends fc.Arbitrary<T> {
  readonly #inner: fc.Arbitrary<T>;
  readonly #draws = new Map<string, Draw<T>>();

  constructor(inner: fc.Arbitrary<T>) {
    super();
    this.#inner = inner;
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const state = mrng.getState();
    if (state === undefined) return this.#inner.generate(mrng, biasFactor);
    const key = `${biasFactor}:${state.join(',')}`;
    const known = this.#draws.get(key);
    if (known) {
      known.steps ??= stepsTo(mrng, known.after);
      if (known.steps >= 0) {
        for (let n = 0; n < known.steps; n++) mrng.nextInt(0, 1);
        return known.value;
      }
      return this.#inner.generate(mrng, biasFactor);
    }
    const value = this.#inner.generate(mrng, biasFactor);
    const after = mrng.getState();
    if (after !== undefined) this.#draws.set(key, { value, after });
    return value;
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.#inner.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.#inner.shrink(value, context);
  }
}

/**
 * Replaying wrappers, one per arbitrary: `of(arb)` draws as `arb` does, each (random state, bias)
 * once. For sampling many arbitraries that share parts with one seed; values drawn are shared, so
 * they must not be changed in place (the probes clone before editing).
 */
export class ReplayedDraws {
  readonly #wrappers = new Map<fc.Arbitrary<unknown>, fc.Arbitrary<unknown>>();

  of<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T> {
    let wrapped = this.#wrappers.get(arb);
    if (!wrapped) {
      wrapped = new ReplayedDraw(arb);
      this.#wrappers.set(arb, wrapped);
    }
    return wrapped as fc.Arbitrary<T>;
  }
}
