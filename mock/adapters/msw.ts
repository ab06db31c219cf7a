/**
 * @module msw handlers for users of msw in their own test suites: every `/v1/...` and `/v2/...`
 * request (on any origin, or under `baseUrl`) is forwarded to the mock's core. Note that msw does
 * not see requests made by undici's own client (mswjs/msw#2165); global `fetch` is intercepted.
 */
import { http, type HttpHandler } from 'msw';
import { createMock } from '../app.js';
import type { MockOptions } from '../types.js';

export interface MockHandlersOptions extends MockOptions {
  /** Only requests under this base are handled, e.g. `https://api.example.test/prefix`. Default: any origin. */
  baseUrl?: string;
}

/**
 * msw request handlers backed by a fresh mock.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createHandlers } from 'conformance-suite/mock/msw';
 * const server = setupServer(...createHandlers({ baseUrl: 'https://api.example.test' }));
 * server.listen();
 * ```
 */
export function createHandlers(options: MockHandlersOptions = {}): HttpHandler[] {
  const { baseUrl, ...mockOptions } = options;
  const mock = createMock(mockOptions);
  const prefix = baseUrl ? new URL(baseUrl).pathname.replace(/\/$/, '') : '';
  const forward = async ({ request }: { request: Request }): Promise<Response> => {
    if (!prefix) return mock.fetch(request);
    // Strip the base path so the core sees `/v1/...`.
    const url = new URL(request.url);
    url.pathname = url.pathname.slice(prefix.length) || '/';
    return mock.fetch(new Request(url, request));
  };
  if (baseUrl) return [http.all(`${baseUrl.replace(/\/$/, '')}/*`, forward)];
  return [http.all('*/v1/*', forward), http.all('*/v2/*', forward)];
}

/** Handlers built with the default options (the suite's default credentials, entity and project). */
export const handlers: HttpHandler[] = createHandlers();
