/** @module What a replay did not send, and why: counted per reason, with the first line numbers of each. */
import { plural } from '../core/words.js';

/** Why a line of a recording is not replayed: a phrase that follows "N exchanges" (or "N lines"). */
export interface Skip {
  readonly skip: string;
  /** What the phrase is said of: a line that is no exchange at all, or an exchange (the default). */
  readonly noun?: 'line';
}

/** Line numbers named per reason (the count says how many there are in all). */
const LINES_NAMED = 3;

export class Skips {
  private readonly byReason = new Map<string, { noun: string; count: number; lines: number[] }>();
  total = 0;

  add(skip: Skip, line: number): void {
    const noun = skip.noun ?? 'exchange';
    const key = `${noun} ${skip.skip}`;
    const entry = this.byReason.get(key) ?? { noun, count: 0, lines: [] };
    entry.count++;
    if (entry.lines.length < LINES_NAMED) entry.lines.push(line);
    this.byReason.set(key, entry);
    this.total++;
  }

  /** `3 lines not a recorded exchange (lines 1, 4, 9, …); 1 exchange whose …`; empty when nothing was skipped. */
  describe(): string {
    return [...this.byReason]
      .map(([key, { noun, count, lines }]) => {
        const why = key.slice(noun.length + 1);
        const where = `line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}${count > lines.length ? ', …' : ''}`;
        return `${plural(count, noun)} ${why} (${where})`;
      })
      .join('; ');
  }
}

/** The one line on stderr: how many exchanges were replayed, how many skipped and why. */
export function replayLine(file: string, replayed: number, skips: Skips): string {
  const sent = `${plural(replayed, 'exchange')} replayed from ${file}`;
  return skips.total ? `${sent}, ${skips.total} skipped: ${skips.describe()}` : `${sent}, none skipped`;
}
