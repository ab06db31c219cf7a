/**
 * @module The proxy's count of the exchanges under way, and the wait for none to be.
 *
 * A count, not a Map of the exchanges: holding each response in a long-lived Map pushed them into the
 * old generation and cost about a fifth of the proxy's CPU in full collections.
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
