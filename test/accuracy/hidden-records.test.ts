/**
 * A server that answers 404 to a read without valid credentials (GitHub's way: what you may not see
 * does not exist) is conformant to §5 at level must. The isolation probes read listed records with
 * wrong credentials: neither the proxy nor the replay takes those 404s for a failed read-back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startVariantServer } from '../helpers/variant-server.js';
import { judgeByReplay, judgeThroughProxy, serverSideFindings } from './judge-traffic.js';
import { MUST_ONLY_VARIANTS } from './variants.js';
import { workload } from './workloads.js';

test('reads refused as 404 for their credentials are not read-backs, by proxy and by replay', async () => {
  const v = MUST_ONLY_VARIANTS.find((x) => x.id === 'records-404-without-credentials')!;
  const server = await startVariantServer(v.variant, v.mock);
  const dir = mkdtempSync(join(tmpdir(), 'cts-hidden-'));
  try {
    const { report, recording } = await judgeThroughProxy(server.url, workload('isolation-probes'), dir);
    expect(serverSideFindings(report, 'must')).toEqual([]);
    expect(serverSideFindings(await judgeByReplay(recording, server.url), 'must')).toEqual([]);
    // The reads with the right credentials were judged all the same.
    expect(report.results.find((r) => r.id === 'predictions.listed-records-read-back')?.status).toBe('pass');
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
