/** @module One timer per delay for every paced stream waiting it, as streams become due in the order they wait. */

export interface DueItem {
  /** When its next event is due (performance.now() time). */
  readonly due: number;
  /** Still waiting (not ended, not fired). */
  readonly waiting: boolean;
  fire(): void;
  endIfGone(): void;
}

/** A waiting stream whose client went away is ended within this long, however far off its next event. */
const SWEEP_MS = 1_000;

/** The streams waiting one delay, in due order; once a second it also ends those whose client went away. */
class DueQueue {
  #items: (DueItem | undefined)[] = [];
  #head = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #swept = performance.now();
  readonly #run = (): void => this.#wake();

  constructor(readonly delay: number) {}

  add(stream: DueItem): void {
    const items = this.#items;
    // In due order: a stream whose source took a while to hand its chunk over may come after a later one.
    let at = items.length;
    while (at > this.#head && items[at - 1]!.due > stream.due) at--;
    if (at === items.length) items.push(stream);
    else items.splice(at, 0, stream);
    if (this.#timer === undefined) this.#arm();
  }

  /** Arms the timer for the first stream still waiting (at most a sweep away); none left, the queue goes. */
  #arm(): void {
    const items = this.#items;
    let head = this.#head;
    while (head < items.length && !items[head]!.waiting) items[head++] = undefined;
    if (head > 1024 && head * 2 > items.length) {
      items.splice(0, head);
      head = 0;
    }
    this.#head = head;
    const first = items[head];
    if (first === undefined) {
      this.#items = [];
      this.#head = 0;
      if (queues.get(this.delay) === this) queues.delete(this.delay);
      return;
    }
    const wait = Math.min(SWEEP_MS, Math.max(0, Math.ceil(first.due - performance.now())));
    this.#timer = setTimeout(this.#run, wait);
  }

  #wake(): void {
    this.#timer = undefined;
    const items = this.#items;
    const now = performance.now();
    let head = this.#head;
    for (; head < items.length; head++) {
      const stream = items[head]!;
      if (stream.due > now) break;
      items[head] = undefined;
      if (stream.waiting) stream.fire();
    }
    this.#head = head;
    if (now - this.#swept >= SWEEP_MS) {
      this.#swept = now;
      for (let i = head; i < items.length; i++) items[i]!.endIfGone();
    }
    this.#arm();
  }
}

const queues = new Map<number, DueQueue>();

export function dueQueue(delay: number): DueQueue {
  let queue = queues.get(delay);
  if (!queue) queues.set(delay, (queue = new DueQueue(delay)));
  return queue;
}
