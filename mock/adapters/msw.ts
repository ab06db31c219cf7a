/** @module msw handlers forwarding `/v1`, `/v2` and `/__mock` requests to a mock (undici's own client unseen). */
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

/** msw request handlers backed by a mock: `setupServer(...createHandlers({ mock, baseUrl }))`. */
export function createHandlers(options: MockHandlersOptions = {}): HttpHandler[] {
  const { baseUrl, mock: given, ...mockOptions } = options;
  const mock = given ?? createMock(mockOptions);
  const prefix = baseUrl ? new URL(baseUrl).pathname.replace(/\/$/, '') : '';
  const forward = async ({ request }: { request: Request }): Promise<Response> => {
    if (!prefix) return mock.fetch(request);
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
 * Cancels the clone msw keeps of each mocked answer, so that a client cancelling the body (the openai
 * SDK before a retry) does not hang (mswjs/interceptors#799). Call it once, on your server.
 */
export function releaseResponseClones(server: Pick<SetupServer, 'events'>): void {
  server.events.on('response:mocked', ({ response }) => {
    response.body?.cancel().catch(() => {});
  });
}
