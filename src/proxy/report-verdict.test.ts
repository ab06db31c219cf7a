/**
 * The proxy's server report takes its summary from the one verdict (src/core/verdict-of-report.ts):
 * exchanges the proxy could not forward leave it COULD NOT JUDGE, and its `conformant` says so too.
 */
import { expect, test } from 'vitest';
import { verdictOfReport } from '../core/verdict-of-report.js';
import { exitCodeOf, verdictOf } from '../gating/verdict.js';
import { proxyReports } from './report.js';
import { ProxySession } from './session.js';

test('a proxy that could not forward: COULD NOT JUDGE, exit 3, and not conformant in its summary', () => {
  const session = new ProxySession({
    target: 'https://gw.example.com',
    maxBodyBytes: 1 << 20,
    replay: 'conformance proxy',
  });
  session.cannotForward('CTS_TLS_UNTRUSTED', 'the certificate is signed by an unknown authority');
  const [server, clients] = proxyReports(session, { level: 'must', replay: 'conformance proxy' });
  expect(server!.unjudged?.code).toBe('CTS_TLS_UNTRUSTED');
  expect(verdictOf(server!).word).toBe('COULD NOT JUDGE');
  expect(exitCodeOf([server!])).toBe(3);
  expect(server!.summary.conformant).toBe(false);
  // The clients' report judged nothing and was never unjudged: conformant, by the same function.
  expect(clients!.summary.conformant).toBe(verdictOfReport(clients!).conformant);
});
