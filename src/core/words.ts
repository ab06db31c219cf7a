/** @module Words for counts in messages and reports. */

/** `1 exchange`, `3 exchanges`: the count and the noun that agrees with it. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
