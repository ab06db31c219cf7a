/**
 * @module The proxy's admin port (`--admin-port`): `GET /metrics` in the Prometheus text format and
 * `POST /reports` to write the reports now; never judged.
 */
import { listenOn } from '../transport/listen.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface AdminServerOptions {
  readonly host: string;
  readonly port: number;
  /** The metrics as text, and their media type. */
  readonly metrics: { text(): Promise<string>; readonly contentType: string };
  /** Writes the reports asked for now; resolves with the paths written. Without it, `/reports` is a 404. */
  readonly writeReports?: () => Promise<string[]>;
}

export interface AdminServer {
  /** `http://host:port`. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

function answer(res: ServerResponse, status: number, body: string, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

const json = (value: unknown): string => `${JSON.stringify(value)}\n`;

export async function startAdminServer(options: AdminServerOptions): Promise<AdminServer> {
  const routes: Record<string, { method: string; run: (res: ServerResponse) => Promise<void> }> = {
    '/metrics': {
      method: 'GET',
      run: async (res) => answer(res, 200, await options.metrics.text(), options.metrics.contentType),
    },
  };
  const { writeReports } = options;
  if (writeReports)
    routes['/reports'] = {
      method: 'POST',
      run: async (res) => answer(res, 200, json({ written: await writeReports() })),
    };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The body, if any, is not read: drained so that the connection can be kept.
    req.resume();
    const path = (req.url ?? '/').split('?', 1)[0]!;
    const route = Object.hasOwn(routes, path) ? routes[path] : undefined;
    if (!route)
      return answer(res, 404, json({ error: `not found: the admin port serves ${Object.keys(routes).join(', ')}` }));
    if (req.method !== route.method) {
      res.setHeader('allow', route.method);
      return answer(res, 405, json({ error: `${path} answers ${route.method} only` }));
    }
    try {
      await route.run(res);
    } catch (err) {
      if (!res.headersSent) answer(res, 500, json({ error: (err as Error).message }));
      else res.destroy();
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 5_000;
  const { url, port } = await listenOn(server, options.port, options.host);
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
