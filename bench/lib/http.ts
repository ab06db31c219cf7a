/** @module A small loopback HTTP client for probes (status, headers, whole body as text). */
import { request } from 'node:http';

export interface Probe {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function probe(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? 'GET', headers: init.headers ?? {}, agent: false, timeout: 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`probe ${url}: timed out`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Expects a status, else throws with the start of the body (a bench on error answers would lie). */
export async function probeOk(url: string, init: Parameters<typeof probe>[1], status = 200): Promise<Probe> {
  const p = await probe(url, init);
  if (p.status !== status)
    throw new Error(
      `probe ${init?.method ?? 'GET'} ${url}: expected ${status}, got ${p.status}: ${p.body.slice(0, 200)}`,
    );
  return p;
}
