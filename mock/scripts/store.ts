/** @module The scripts a mock holds, tried newest first, each one's replies in turn. */
import { bodyKey } from '../http/body.js';
import type { MockRequest } from '../types.js';
import { ScriptedRequest, scriptMatches } from './match.js';
import type { ResolvedReply, ScriptState } from './types.js';
import type { CheckedScript } from './validate.js';

interface Stored {
  readonly id: string;
  readonly checked: CheckedScript;
  readonly chatOnly: boolean;
  used: number;
}

export interface ScriptHit {
  readonly id: string;
  readonly reply: ResolvedReply;
}

/** The last request no script matched (no header matches, scripts unchanged): the same request misses again. */
interface Miss {
  readonly method: string;
  readonly path: string;
  readonly body: string;
}

export class ScriptStore {
  #scripts: Stored[] = [];
  #nextId = 1;
  /** Scripts matching on headers (no `Miss` is kept while there are some). */
  #byHeaders = 0;
  #miss: Miss | undefined;

  /** `initial`: the scripts loaded at start, which `reset` puts back. */
  constructor(private readonly initial: readonly CheckedScript[] = []) {
    this.reset();
  }

  get size(): number {
    return this.#scripts.length;
  }

  add(checked: CheckedScript): string {
    const id = `script-${this.#nextId++}`;
    this.#scripts.push({ id, checked, chatOnly: checked.replies.some((r) => r.kind === 'chat'), used: 0 });
    this.#changed();
    return id;
  }

  remove(id: string): boolean {
    const before = this.#scripts.length;
    this.#scripts = this.#scripts.filter((s) => s.id !== id);
    this.#changed();
    return this.#scripts.length < before;
  }

  clear(): void {
    this.#scripts = [];
    this.#changed();
  }

  /** Back to the scripts loaded at start, unused, ids counted from 1 again. */
  reset(): void {
    this.#scripts = [];
    this.#nextId = 1;
    for (const checked of this.initial) this.add(checked);
    this.#changed();
  }

  #changed(): void {
    this.#miss = undefined;
    this.#byHeaders = this.#scripts.filter((s) => s.checked.script.match?.headers !== undefined).length;
  }

  list(): ScriptState[] {
    return this.#scripts.map((s) => ({ id: s.id, script: s.checked.script, used: s.used })).reverse();
  }

  /** The newest script matching the request, with its next reply (its use counted), or undefined. */
  take(req: MockRequest): ScriptHit | undefined {
    const miss = this.#miss;
    const body = this.#byHeaders === 0 ? (req.body ? bodyKey(req.body) : '') : undefined;
    if (body !== undefined && miss?.body === body && miss.method === req.method && miss.path === req.path)
      return undefined;
    const hit = this.#find(req);
    if (hit) this.#changed();
    else if (body !== undefined) this.#miss = { method: req.method, path: req.path, body };
    return hit;
  }

  #find(req: MockRequest): ScriptHit | undefined {
    const request = new ScriptedRequest(req);
    for (let i = this.#scripts.length - 1; i >= 0; i--) {
      const s = this.#scripts[i]!;
      if (s.chatOnly && !request.isChatCompletion) continue;
      if (!scriptMatches(s.checked, request)) continue;
      const replies = s.checked.replies;
      const reply = replies[Math.min(s.used, replies.length - 1)]!;
      s.used++;
      const times = s.checked.script.times;
      if (times !== undefined && s.used >= times) this.#scripts.splice(i, 1);
      return { id: s.id, reply };
    }
    return undefined;
  }
}
