/** @module The client of one check as a pipeline of layers, each wrapping the client nearer the target. */
import type { HttpClient } from '../../transport/types.js';

/** One concern around a client (timing, counting, sharing…): the client it wraps in, a client out. */
export type ClientLayer = (inner: HttpClient) => HttpClient;

/** `client` wrapped in `layers`, the first nearest the target: a request passes them last to first. */
export function compose(layers: readonly ClientLayer[], client: HttpClient): HttpClient {
  return layers.reduce((inner, layer) => layer(inner), client);
}
