/** @module The completions of recent bodies: a body seen before gets last time's text with its own id and time. */
import type { ChatPlan } from './plan.js';
import type { ChatRequest } from './types.js';

export interface CachedChat {
  readonly chat: ChatRequest;
  /** The plan (its `id` and `created` those of the first request: each answer writes its own). */
  readonly plan: ChatPlan;
  /** The answer's text after `"created":N`, or each streamed event's (null for `[DONE]`). */
  readonly tail: string | readonly (string | null)[];
}

const MAX_ENTRIES = 256;
/** Characters held by keys and written answers, at most (about 2 bytes each: a few MiB). */
const MAX_CHARS = 2 * 1024 * 1024;

export class PlanCache {
  readonly #entries = new Map<string, { entry: CachedChat; chars: number }>();
  #chars = 0;

  get(key: string): CachedChat | undefined {
    return this.#entries.get(key)?.entry;
  }

  add(key: string, entry: CachedChat): void {
    const { tail } = entry;
    let chars = key.length;
    if (typeof tail === 'string') chars += tail.length;
    else for (const t of tail) chars += t?.length ?? 0;
    const before = this.#entries.get(key);
    if (before) {
      this.#entries.delete(key);
      this.#chars -= before.chars;
    }
    this.#entries.set(key, { entry, chars });
    this.#chars += chars;
    for (const [oldKey, oldest] of this.#entries) {
      if (this.#entries.size <= MAX_ENTRIES && (this.#chars <= MAX_CHARS || this.#entries.size === 1)) break;
      this.#entries.delete(oldKey);
      this.#chars -= oldest.chars;
    }
  }
}
