/**
 * @module Test fixture (not a check): the bundled mock behind a tiny node:http server whose requests
 * and answers pass through a rewrite, to serve conformant-but-unusual variants (CRLF framing,
 * keep-alive comments, extra fields, other error shapes, …) that the checks must accept, and
 * deliberately broken ones that they must catch. Shared by the area tests under suites/.
 */
import type { GapKind } from '../../src/core/gaps.js';
import { applyGates } from '../../src/gating/coverage-gate.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckDefinition } from '../../src/core/check.js';
import type { RunReport } from '../../src/core/report.js';
import { createMock } from '../../mock/app.js';
import { readStream } from '../../mock/request.js';
import type { MockOptions, MockRequest, MockResponse } from '../../mock/types.js';
import { runAgainstUrl, type RunAgainstUrlOptions } from './run-checks.js';

type Awaitable<T> = T | Promise<T>;

/** How a variant differs from the mock: `before` rewrites the request or answers it (the mock and `after` are then skipped), `after` rewrites the mock's answer. */
export interface Variant {
  before?(req: MockRequest): Awaitable<MockRequest | MockResponse>;
  /** `req` is the request as the mock saw it (after `before`). */
  after?(req: MockRequest, res: MockResponse): Awaitable<MockResponse>;
}

/** The mock's handler, as a variant written as a wrapper receives it. */
type MockHandle = (req: MockRequest) => Promise<MockResponse>;

/**
 * An answer as a variant may write it: the mock's, or one whose streamed pieces are bytes (a body
 * already encoded, e.g. gzip flushed piece by piece), each piece one write on the socket.
 */
export type VariantResponse =
  | MockResponse
  | (Omit<MockResponse, 'stream'> & { stream?: AsyncIterable<string | Uint8Array> });

/** A variant written as a wrapper around the mock: it decides whether and how to call `handle`. */
export type VariantHandler = (req: MockRequest, handle: MockHandle) => Promise<VariantResponse>;

export interface RunAgainstVariantOptions extends RunAgainstUrlOptions {
  /** Options of the mock behind the variant. */
  readonly mock?: MockOptions;
  /** The gaps a user of such a server accepts (`--allow-gaps`): what the suite cannot judge on it. */
  readonly allowGaps?: readonly GapKind[];
}

function asHandler(variant: Variant | VariantHandler): VariantHandler {
  if (typeof variant === 'function') return variant;
  return async (req, handle) => {
    const first = variant.before ? await variant.before(req) : req;
    if ('status' in first) return first;
    const res = await handle(first);
    return variant.after ? variant.after(first, res) : res;
  };
}

/** Starts the mock behind `variant` on a loopback port; `close` drops open connections. */
export async function startVariantServer(
  variant: Variant | VariantHandler,
  mockOptions: MockOptions = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const mock = createMock(mockOptions);
  const handler = asHandler(variant);
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      // As the mock's own node adapter reads it: the raw path (no normalisation), node's lower-cased headers.
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const mreq: MockRequest = {
        method: req.method ?? 'GET',
        path: q < 0 ? url : url.slice(0, q),
        query: new URLSearchParams(q < 0 ? '' : url.slice(q + 1)),
        headers: req.headers as Record<string, string | undefined>,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      };
      const out = await handler(mreq, (r) => mock.handle(r));
      res.writeHead(out.status, out.headers);
      if (out.stream) {
        res.flushHeaders();
        for await (const piece of out.stream) res.write(piece);
        res.end();
      } else {
        res.end(out.json !== undefined ? JSON.stringify(out.json) : (out.body ?? ''));
      }
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Runs checks against a variant server through the real runner and transport. Defaults are those
 * of `runAgainstUrl`, except 5 runs and `bundledMock: false` (the rewritten mock stands for another
 * server); a test file whose variants were written for other settings uses `variantRunner`.
 */
export async function runAgainstVariant(
  checks: readonly CheckDefinition[],
  variant: Variant | VariantHandler,
  options: RunAgainstVariantOptions = {},
): Promise<RunReport> {
  const { mock, allowGaps = [], ...run } = options;
  const server = await startVariantServer(variant, mock);
  try {
    const report = await runAgainstUrl(server.url, checks, {
      runs: 5,
      ...run,
      target: { bundledMock: false, ...run.target },
    });
    return applyGates(report, { minCoverage: undefined, allowGaps });
  } finally {
    await server.close();
  }
}

/** `runAgainstVariant` with a test file's own defaults; per-call options (and target fields) win over them. */
export function variantRunner(defaults: RunAgainstVariantOptions): typeof runAgainstVariant {
  return (checks, variant, options = {}) =>
    runAgainstVariant(checks, variant, {
      ...defaults,
      ...options,
      target: { ...defaults.target, ...options.target },
      mock: { ...defaults.mock, ...options.mock },
    });
}

/** The body of an answer as text (a stream is read to its end). */
export async function bodyText(res: MockResponse): Promise<string> {
  if (res.stream) return readStream(res.stream);
  if (res.json !== undefined) return JSON.stringify(res.json);
  return typeof res.body === 'string' ? res.body : new TextDecoder().decode(res.body ?? new Uint8Array());
}

/** An `after` that rewrites the SSE text of chat streams (the mock yields one event per string). */
export function rewriteSse(
  edit: (events: AsyncIterable<string>) => AsyncIterable<string>,
  headers: (h: Record<string, string>) => Record<string, string> = (h) => h,
): (req: MockRequest, res: MockResponse) => MockResponse {
  return (_req, res) => (res.stream ? { ...res, headers: headers(res.headers), stream: edit(res.stream) } : res);
}
