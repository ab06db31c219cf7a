/** @module undici's Agent, ProxyAgent and `request`, loaded without undici's index (most of its load time). */
import { createRequire } from 'node:module';
import type * as Undici from 'undici';

const load = createRequire(import.meta.url);

const Dispatcher = load('undici/lib/dispatcher/dispatcher.js') as typeof Undici.Dispatcher;
const api = load('undici/lib/api/index.js') as { request: (this: Undici.Dispatcher, opts: object) => unknown };
Object.assign(Dispatcher.prototype, api);
const { parseURL } = load('undici/lib/core/util.js') as { parseURL: (url: string | URL) => URL };

export const Agent = load('undici/lib/dispatcher/agent.js') as typeof Undici.Agent;
export const ProxyAgent = load('undici/lib/dispatcher/proxy-agent.js') as typeof Undici.ProxyAgent;

/** undici's `request(url, options)`, for a request that names its dispatcher (the global one is never used). */
export function request(
  url: string | URL,
  options: NonNullable<Parameters<typeof Undici.request>[1]> & { dispatcher: Undici.Dispatcher },
): Promise<Undici.Dispatcher.ResponseData> {
  const target = parseURL(url);
  return api.request.call(options.dispatcher, {
    ...options,
    origin: target.origin,
    path: target.search ? `${target.pathname}${target.search}` : target.pathname,
    method: options.method || (options.body ? 'PUT' : 'GET'),
  }) as Promise<Undici.Dispatcher.ResponseData>;
}
