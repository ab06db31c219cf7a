/** @module A small route table over plain paths: `{param}` segments, 404 for unknown paths, 405 with `Allow`. */
import { memo } from '../../src/core/values.js';

export type RouteMatch<H> =
  | { kind: 'found'; handler: H; params: Record<string, string> }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allow: string[] };

interface Entry<H> {
  method: string;
  segments: string[];
  handler: H;
}

/** A route table: add `(method, '/v2/{entity}/{project}/predictions', handler)`, then `match`. */
export class Router<H> {
  readonly #entries: Entry<H>[] = [];
  /** Templates without parameters by path, then method: a lookup without splitting the path or joining strings. */
  readonly #exact = new Map<string, Map<string, RouteMatch<H>>>();

  add(method: string, template: string, handler: H): this {
    this.#entries.push({ method, segments: template.split('/'), handler });
    // A template without parameters is found by one lookup (and wins over parameterised ones).
    if (!template.includes('{'))
      memo(this.#exact, template, () => new Map()).set(method, { kind: 'found', handler, params: Object.freeze({}) });
    return this;
  }

  match(method: string, path: string): RouteMatch<H> {
    const exact = this.#exact.get(path)?.get(method);
    if (exact) return exact;
    const parts = path.split('/');
    const allow: string[] = [];
    for (const entry of this.#entries) {
      const params = matchSegments(entry.segments, parts);
      if (!params) continue;
      if (entry.method === method) return { kind: 'found', handler: entry.handler, params };
      if (!allow.includes(entry.method)) allow.push(entry.method);
    }
    return allow.length > 0 ? { kind: 'method-not-allowed', allow } : { kind: 'not-found' };
  }
}

function matchSegments(template: string[], parts: string[]): Record<string, string> | undefined {
  if (template.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const t = template[i] as string;
    const p = parts[i] as string;
    if (t.startsWith('{') && t.endsWith('}')) {
      if (p === '') return undefined;
      let value: string;
      try {
        value = decodeURIComponent(p);
      } catch {
        return undefined; // a malformed percent-escape names no resource
      }
      params[t.slice(1, -1)] = value;
    } else if (t !== p) {
      return undefined;
    }
  }
  return params;
}
