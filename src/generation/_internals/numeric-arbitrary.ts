/** @module Integer and number arbitraries from JSON Schema bounds, by default within ±(2^53 - 1). @internal */
import fc from 'fast-check';
import type { FlatSchema } from './flat-schema.js';

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** Integer bounds [lo, hi] implied by the flat node, clamped to safe integers unless `unsafe`. */
function integerBounds(flat: FlatSchema, unsafe: boolean): { lo: number; hi: number } {
  let lo: number | undefined;
  let hi: number | undefined;
  if (flat.minimum) lo = flat.minimum.exclusive ? Math.floor(flat.minimum.value) + 1 : Math.ceil(flat.minimum.value);
  if (flat.maximum) hi = flat.maximum.exclusive ? Math.ceil(flat.maximum.value) - 1 : Math.floor(flat.maximum.value);
  if (!unsafe) {
    if (lo !== undefined) lo = Math.max(lo, Number.MIN_SAFE_INTEGER);
    if (hi !== undefined) hi = Math.min(hi, Number.MAX_SAFE_INTEGER);
  }
  // Unbounded sides default to the int32 span: finds overflow bugs, and every JSON parser reads it exactly.
  if (lo === undefined && hi === undefined) return { lo: INT32_MIN, hi: INT32_MAX };
  if (lo === undefined) lo = Math.max(hi! - INT32_MAX, unsafe ? -Number.MAX_VALUE : Number.MIN_SAFE_INTEGER);
  if (hi === undefined) hi = Math.min(lo + INT32_MAX, unsafe ? Number.MAX_VALUE : Number.MAX_SAFE_INTEGER);
  return { lo, hi };
}

function integerBetween(lo: number, hi: number): fc.Arbitrary<number> {
  if (lo >= INT32_MIN && hi <= INT32_MAX) return fc.integer({ min: lo, max: hi });
  // fc.integer is limited to 32 bits; bigInt covers the rest and maps back to a number.
  return fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map((b) => Number(b));
}

/** Integers satisfying the node's bounds and multipleOf, or undefined when none exists. */
export function integerArbitrary(flat: FlatSchema, unsafe: boolean): fc.Arbitrary<number> | undefined {
  const { lo, hi } = integerBounds(flat, unsafe);
  if (lo > hi) return undefined;
  const m = flat.multipleOf;
  if (m !== undefined) {
    const step = Number.isInteger(m) ? m : undefined;
    if (step === undefined) return undefined;
    const klo = Math.ceil(lo / step);
    const khi = Math.floor(hi / step);
    if (klo > khi) return undefined;
    return integerBetween(klo, khi).map((k) => k * step);
  }
  return integerBetween(lo, hi);
}

/** Finite doubles satisfying the node's bounds (and multipleOf through integer multiples). */
export function numberArbitrary(flat: FlatSchema): fc.Arbitrary<number> | undefined {
  const min = flat.minimum?.value;
  const max = flat.maximum?.value;
  if (
    min !== undefined &&
    max !== undefined &&
    (min > max || (min === max && (flat.minimum!.exclusive || flat.maximum!.exclusive)))
  ) {
    return undefined;
  }
  if (flat.multipleOf !== undefined) {
    const m = flat.multipleOf;
    const klo =
      min === undefined
        ? INT32_MIN
        : Math.ceil(min / m) + (flat.minimum!.exclusive && Number.isInteger(min / m) ? 1 : 0);
    const khi =
      max === undefined
        ? INT32_MAX
        : Math.floor(max / m) - (flat.maximum!.exclusive && Number.isInteger(max / m) ? 1 : 0);
    if (klo > khi) return undefined;
    return integerBetween(klo, khi).map((k) => k * m);
  }
  return (
    fc
      .double({
        ...(min !== undefined ? { min, minExcluded: flat.minimum!.exclusive } : {}),
        ...(max !== undefined ? { max, maxExcluded: flat.maximum!.exclusive } : {}),
        noNaN: true,
        noDefaultInfinity: true,
      })
      // -0 serialises as 0; generating it only makes "same value" comparisons noisy.
      .map((x) => (Object.is(x, -0) ? 0 : x))
  );
}
