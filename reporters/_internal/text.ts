/** @module Small text helpers shared by the reporters (times, one-line messages, JSON of unknowns). */

/** Milliseconds as decimal seconds with at most three decimals (`1234.5` → `1.235`). */
export function seconds(ms: number): string {
  return (Number.isFinite(ms) && ms > 0 ? ms / 1000 : 0).toFixed(3);
}

/** Collapses whitespace runs (newlines included) and cuts to `max` characters with an ellipsis. */
export function oneLine(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
}

/** Cuts a block to `max` characters, saying how much was left out. */
export function capBlock(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters)` : text;
}

/** JSON of any value, readable: bigint as digits, undefined spelled out, cycles marked. */
export function showValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  const seen = new WeakSet<object>();
  try {
    return (
      JSON.stringify(value, (_key, v: unknown) => {
        if (typeof v === 'bigint') return `${v}n`;
        if (typeof v === 'object' && v !== null) {
          if (seen.has(v)) return '[Circular]';
          seen.add(v);
        }
        return v;
      }) ?? String(value)
    );
  } catch {
    return String(value);
  }
}

/** `2026-11-21T22:50:00.123Z` → `2026-11-21T22:50:00` (UTC, no zone: what Ant's JUnit schema demands). */
export function timestampWithoutZone(iso: string): string {
  const date = new Date(iso);
  if (!Number.isNaN(date.getTime())) return date.toISOString().slice(0, 19);
  const head = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.exec(iso);
  return head ? head[0] : '1970-01-01T00:00:00';
}
