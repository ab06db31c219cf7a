/**
 * @module The proxy's count of the exchanges under way, and the wait for none to be.
 *
 * A count, not a collection of the exchanges under way: with a long-lived Map holding each
 * exchange's response, the exchanges' objects ended up in the old generation (`--trace-gc` under
 * load: about ten full collections in 5 s instead of one or two), which cost about a fifth of the
 * proxy's CPU. Those still under way at the end of the server's `close` are cut with their connections.
 */
export class InFlight {
  private live = 0;
  private onSettled: (() => void) | undefined;

  /** `onEnd`: called once per exchange that ended (answered, failed or abandoned). */
  constructor(private readonly onEnd: (() => void) | undefined) {}

  /** Exchanges under way. */
  get count(): number {
    return this.live;
  }

  started(): void {
    this.live++;
  }

  /** One exchange ended (each calls this once). */
  ended(): void {
    if (--this.live === 0 && this.onSettled) {
      this.onSettled();
      this.onSettled = undefined;
    }
    this.onEnd?.();
  }

  /** Resolves once no exchange is under way. */
  settled(): Promise<void> {
    return this.live === 0 ? Promise.resolve() : new Promise<void>((resolve) => (this.onSettled = resolve));
  }
}
