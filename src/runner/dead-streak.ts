/** @module Whether {@link TRIP} of the last {@link WINDOW} checks met no answer: a reason to probe the target. */
import { memo } from '../core/values.js';

/** How many of the latest checks (that sent a request) are looked at. */
export const WINDOW = 10;
/** How many of them must have met no answer at all. */
export const TRIP = 8;

export interface DeadStreak {
  /** A check (or its next attempt) starts: its requests are counted afresh. */
  start(check: string): void;
  /** A request of the check got an answer of the target's own. */
  answered(check: string): void;
  /** A request of the check met no answer: `what` says what it met, for the reason. */
  unanswered(check: string, what: string): void;
  /** The check is over: whether most of the latest checks met no answer (then the watch probes). */
  ended(check: string): boolean;
  /** The checks that met no answer since the window last started again. */
  readonly dead: ReadonlySet<string>;
  /** The checks with a request that met no answer since then (the dead among them). */
  readonly touched: ReadonlySet<string>;
  lastMet(): string;
  count(): number;
  /** The target answered a probe: the window starts again (the checks keep their results). */
  clear(): void;
}

export function createDeadStreak(): DeadStreak {
  const perCheck = new Map<string, { sent: number; unanswered: number }>();
  let window: boolean[] = [];
  const dead = new Set<string>();
  const touched = new Set<string>();
  let met = '';
  const of = (check: string) => memo(perCheck, check, () => ({ sent: 0, unanswered: 0 }));
  return {
    start: (check) => void perCheck.set(check, { sent: 0, unanswered: 0 }),
    answered: (check) => void of(check).sent++,
    unanswered(check, what) {
      const s = of(check);
      s.sent++;
      s.unanswered++;
      met = what;
    },
    ended(check) {
      const s = perCheck.get(check);
      perCheck.delete(check);
      if (!s || s.sent === 0) return false;
      const none = s.unanswered === s.sent;
      if (none) dead.add(check);
      if (s.unanswered > 0) touched.add(check);
      window = [...window, none].slice(-WINDOW);
      return window.filter(Boolean).length >= TRIP;
    },
    dead,
    touched,
    lastMet: () => met,
    count: () => window.filter(Boolean).length,
    clear() {
      window = [];
      dead.clear();
      touched.clear();
    },
  };
}
