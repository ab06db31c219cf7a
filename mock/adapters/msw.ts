/**
 * @module msw handlers for users of msw in their own test suites: every `/v1/...` and `/v2/...`
 * request (`GET /v1/models` among them), and the admin routes under `/__mock/...` (on any origin, or
 * under `baseUrl`), is forwarded to the mock's core; `/health` only under `baseUrl` (on any origin
 * it would answer for every other service's health route). Pass your own mock (`createHandlers({ mock })`) to script it and
 * read its journal in-process. Note that msw does not see requests made by undici's own client
 * (mswjs/msw#2165); global `fetch` is intercepted. And that msw keeps an unread clone of every
 * answer, which makes cancelling an answer's body hang (mswjs/interceptors#799), as the openai SDK
 * does before each retry: `releaseResponseClones(server)` works around it.
 */
import { http, type HttpHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { createMock } from '../app.js';
import type { Mock, MockOptions } from '../types.js';

export interface MockHandlersOptions extends MockOptions {
  /** Only requests under this base are handled, e.g. `https://api.example.test/prefix`. Default: any origin. */
  baseUrl?: string;
  /** The mock to answer with (its own options apply; the others here are ignored). Default: a new one. */
  mock?: Mock;
}

/**
 * msw request handlers backed by a mock.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createMock } from 'conformance-suite/mock';
 * import { createHandlers } from 'conformance-suite/mock/msw';
 * const mock = createMock();
 * const server = setupServer(...createHandlers({ mock, baseUrl: 'https://api.example.test' }));
 * server.listen();
 * mock.addScript({ reply: { status: 429, headers: { 'retry-after': '0' } }, times: 1 });
 * ```
 */
export function createHandlers(options: MockHandlersOptions = {}): HttpHandler[] {
  const { baseUrl, mock: given, ...mockOptions } = options;
  const mock = given ?? createMock(mockOptions);
  const prefix = baseUrl ? new URL(baseUrl).pathname.replace(/\/$/, '') : '';
  const forward = async ({ request }: { request: Request }): Promise<Response> => {
    if (!prefix) return mock.fetch(request);
    // Strip the base path so the core sees `/v1/...`.
    const url = new URL(request.url);
    url.pathname = url.pathname.slice(prefix.length) || '/';
    return mock.fetch(new Request(url, request));
  };
  if (baseUrl) return [http.all(`${baseUrl.replace(/\/$/, '')}/*`, forward)];
  return [http.all('*/v1/*', forward), http.all('*/v2/*', forward), http.all('*/__mock/*', forward)];
}

/** Handlers built with the default options (the suite's default credentials, entity and project). */
export const handlers: HttpHandler[] = createHandlers();

/**
 * Cancels the clone msw keeps of each mocked answer (for its `response:mocked` event), so that a
 * client cancelling the answer's body (the openai SDK does before it retries a 429 or a 5xx) is not
 * left waiting for good (mswjs/interceptors#799). Call it once, on the server you listen with.
 */
export function releaseResponseClones(server: Pick<SetupServer, 'events'>): void {
  server.events.on('response:mocked', ({ response }) => {
    response.body?.cancel().catch(() => {});
  });
}
