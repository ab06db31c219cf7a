/** @module The web-standard adapter: `fetch(Request) → Response`, a failing stream erroring as a dropped connection. */
import { jsonBodyText } from '../errors.js';
import type { MockRequest, MockResponse } from '../types.js';

const encoder = new TextEncoder();

/** What undici's fetch reports when the server drops the connection mid-body. */
function connectionDropped(): TypeError {
  const socket = Object.assign(new Error('other side closed'), {
    name: 'SocketError',
    code: 'UND_ERR_SOCKET',
  });
  return new TypeError('terminated', { cause: socket });
}

export async function toMockRequest(request: Request): Promise<MockRequest> {
  const url = new URL(request.url);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  return {
    method: request.method.toUpperCase(),
    path: url.pathname,
    query: url.searchParams,
    headers: Object.fromEntries(request.headers),
    body: hasBody ? new Uint8Array(await request.arrayBuffer()) : undefined,
    signal: request.signal,
  };
}

export function toResponse(res: MockResponse): Response {
  const init = { status: res.status, headers: res.headers };
  const json = jsonBodyText(res);
  if (json !== undefined) return new Response(json, init);
  if (res.body !== undefined) return new Response(res.body, init);
  if (res.stream) {
    const it = res.stream[Symbol.asyncIterator]();
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          try {
            const { value, done } = await it.next();
            if (done) controller.close();
            else controller.enqueue(encoder.encode(value));
          } catch {
            controller.error(connectionDropped());
          }
        },
        async cancel() {
          await it.return?.(undefined);
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(body, init);
  }
  return new Response(null, init);
}

export async function fetchWith(
  handle: (req: MockRequest) => Promise<MockResponse>,
  request: Request,
): Promise<Response> {
  return toResponse(await handle(await toMockRequest(request)));
}
