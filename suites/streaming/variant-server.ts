/**
 * @module Test fixture (not a check): the bundled mock behind a tiny node:http server whose answers
 * pass through a rewrite, to serve conformant-but-unusual variants (CRLF framing, keep-alive
 * comments, a usage chunk always sent, request ids only in a header, …) that the checks must accept,
 * and deliberately broken ones that they must catch. Used by the chat-completions and streaming
 * area tests.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckDefinition, TargetConfig } from '../../src/core/check.js';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_ENTITY, DEFAULT_LIST_PARAMS, DEFAULT_MODEL, DEFAULT_MODEL_ID, DEFAULT_PROJECT, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import type { RunReport } from '../../src/core/report.js';
import { runSuite } from '../../src/runner/run-suite.js';
import { createMock } from '../../mock/app.js';
import type { MockOptions, MockRequest, MockResponse } from '../../mock/types.js';

/** How a variant differs from the mock: `before` rewrites the request or answers it, `after` rewrites the answer. */
export interface Variant {
  before?(req: MockRequest): MockRequest | MockResponse;
  after?(req: MockRequest, res: MockResponse): MockResponse;
}

/** Starts the mock behind `variant` on a loopback port. */
export async function startVariantServer(variant: Variant, options: MockOptions = {}): Promise<{ url: string; close(): Promise<void> }> {
  const mock = createMock(options);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fixture');
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k.toLowerCase()] = v;
        const mreq: MockRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers, body: chunks.length ? Buffer.concat(chunks) : undefined };
        const first = variant.before ? variant.before(mreq) : mreq;
        const out = 'status' in first ? first : variant.after ? variant.after(first, await mock.handle(first)) : await mock.handle(first);
        res.writeHead(out.status, out.headers);
        if (out.stream) {
          res.flushHeaders();
          for await (const piece of out.stream) res.write(piece);
          res.end();
        } else if (out.json !== undefined) {
          res.end(JSON.stringify(out.json));
        } else {
          res.end(out.body ?? '');
        }
      })().catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Runs checks against a variant server through the real runner and transport. */
export async function runAgainstVariant(checks: readonly CheckDefinition[], variant: Variant, opts: { mock?: MockOptions; target?: Partial<TargetConfig> } = {}): Promise<RunReport> {
  const server = await startVariantServer(variant, opts.mock);
  try {
    return await runSuite({
      target: {
        baseUrl: server.url,
        entity: DEFAULT_ENTITY,
        project: DEFAULT_PROJECT,
        model: DEFAULT_MODEL,
        modelId: DEFAULT_MODEL_ID,
        priorityScheduling: false,
        allowWrites: true,
        bundledMock: false,
        listParams: { ...DEFAULT_LIST_PARAMS },
        listReadCap: 10_000,
        maxCompletionTokens: 16,
        ...opts.target,
      },
      token: DEFAULT_TOKEN,
      basic: `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`,
      checks,
      level: 'should',
      seed: 1234,
      runs: 5,
      timeoutMs: 5_000,
      deadlineMs: 60_000,
      concurrency: 8,
      maxBodyBytes: 4 * 1024 * 1024,
      maxRetries: 0,
      maxRetryWaitMs: 0,
      replayBase: 'conformance run',
    });
  } finally {
    await server.close();
  }
}

/** An `after` that rewrites the SSE text of chat streams (the mock yields one event per string). */
export function rewriteSse(edit: (events: AsyncIterable<string>) => AsyncIterable<string>, headers: (h: Record<string, string>) => Record<string, string> = (h) => h): Variant['after'] {
  return (_req, res) => (res.stream ? { ...res, headers: headers(res.headers), stream: edit(res.stream) } : res);
}
