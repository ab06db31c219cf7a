/** @module A client layer that counts a check's requests, and the run's chat requests (the token budget used). */
import type { HttpRequestSpec } from '../../transport/types.js';
import type { ClientLayer } from './compose.js';

export function counting(run: { chat: number }, perCheck: { requests: number }): ClientLayer {
  const count = (spec: HttpRequestSpec) => {
    perCheck.requests++;
    if (spec.method === 'POST' && /^\/v1\/chat\/completions\/?$/.test(spec.path)) run.chat++;
  };
  return (inner) => ({
    send: (spec) => {
      count(spec);
      return inner.send(spec);
    },
    open: (spec) => {
      count(spec);
      return inner.open(spec);
    },
  });
}
