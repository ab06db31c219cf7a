/**
 * @module Whether most checks meet a target that does not answer: every request of a check ended in
 * a transport error (connection refused or reset, a body cut, a timeout) or in a gateway's page for
 * a deployment it could not reach (gateway-answer.ts). The target watch (target-watch.ts) asks it
 * after each check; once it says so, the watch probes the target, and treats it as gone when the
 * probe gets no answer either (then, unless it comes back, the rest of the run is not sent).
 *
 * The window: the last {@link WINDOW} checks that sent a request of their own, of which at least
 * {@link TRIP} met no answer. Ten, so that a few checks of one broken path (a slow operation timing
 * out, one route a gateway cannot reach) never make a majority; eight of them, not all ten, because
 * a target going down still answers a check or two from what was in flight, and because checks end
 * out of order (eight run side by side by default: the first eight to end against a dead target
 * trip it). It only ever leads to a probe: a target that answers the probe is up, the window starts
 * again, and the checks keep the results they had, so no conformant server is stopped by it.
 */

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
  /** What the last request that met no answer met. */
  lastMet(): string;
  /** How many of the latest checks met no answer. */
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
  const of = (check: string) => {
    let s = perCheck.get(check);
    if (!s) perCheck.set(check, (s = { sent: 0, unanswered: 0 }));
    return s;
  };
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
