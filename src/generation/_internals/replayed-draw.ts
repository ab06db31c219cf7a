/** @module An arbitrary that remembers its draws: the same value for the same random state. @internal */
import fc from 'fast-check';
import { memo } from '../../core/values.js';

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

/** How many raw outputs take `mrng` (left as it is) to the state `after`, or -1 when out of reach. */
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

/** Replaying wrappers, one per arbitrary; values drawn are shared, so they must not be changed in place. */
export class ReplayedDraws {
  readonly #wrappers = new Map<fc.Arbitrary<unknown>, fc.Arbitrary<unknown>>();

  of<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T> {
    return memo(this.#wrappers, arb, () => new ReplayedDraw(arb)) as fc.Arbitrary<T>;
  }
}
