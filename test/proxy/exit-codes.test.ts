/**
 * `conformance proxy` exits as `run` does for the server's report: 3 (could not judge) when nothing
 * of the server was judged, whether no exchange of the interface came through or the target never
 * answered one, and it warns at start when the target is not reachable.
 */
import { expect, test } from 'vitest';
import { proxyCommand } from '../../app/cli/proxy-command.js';
import { freePort } from '../helpers/free-port.js';
import { capturingOutput } from '../helpers/stdout.js';

/** Runs the proxy for one exchange (`path`), sent once it listens; returns its exit code and output. */
async function oneExchange(target: string, path: string) {
  const port = await freePort();
  const sent = (async () => {
    for (let i = 0; i < 100; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: 'Bearer t-1234' } })
        .then((r) => r.arrayBuffer().then(() => r.status))
        .catch(() => undefined);
      if (ok !== undefined) return ok;
      await new Promise((r) => setTimeout(r, 50));
    }
    return undefined;
  })();
  const out = await capturingOutput(() =>
    proxyCommand(['--target', target, '--port', String(port), '--max-exchanges', '1', '--quiet']),
  );
  return { ...out, status: await sent };
}

test('a target never reached: every exchange a 502, the verdict COULD NOT JUDGE, exit 3 (was 1), and a warning at start', async () => {
  const dead = `http://127.0.0.1:${await freePort()}`;
  const out = await oneExchange(dead, '/v1/chat/completions');
  expect(out.status).toBe(502);
  expect(out.result).toBe(3);
  expect(out.stderr).toContain(`conformance proxy: warning: the target ${dead} is not reachable (ECONNREFUSED)`);
});

test('no exchange of the interface came through: exit 3 (was 0)', async () => {
  const dead = `http://127.0.0.1:${await freePort()}`;
  const out = await oneExchange(dead, '/not/the/interface');
  expect(out.result).toBe(3);
  expect(out.stderr).toMatch(/stopped \(1 exchanges\): 1 exchange observed, 1 outside the interface/);
});
