/**
 * §5 on observed traffic, when the user tells the proxy which credentials the target accepts
 * (`--token`, `--basic`): a 2xx to any other credentials of the path's scheme is the server's
 * failure. Without them the proxy cannot tell a wrong token from a right one, and judges nothing
 * of the kind (no false failure on a server it knows nothing about).
 */
import { afterEach, expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { parseProxyArgs } from '../../app/cli/proxy-command.js';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { listRecords, problems, result, sdk, startProxy } from './helpers.js';

const BASIC = `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`;
const CONFIGURED = { token: DEFAULT_TOKEN, basic: BASIC };
const CHAT = 'auth.rejects-derived-credentials.chat-create';
const PREDICTIONS = 'auth.rejects-derived-credentials.predictions-list';

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

/** A completion with `token`, whatever the answer. */
async function chatWith(proxyUrl: string, token: string): Promise<void> {
  await sdk(proxyUrl, token)
    .chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 4 })
    .catch(() => undefined);
}

async function through(faults: string[], credentials?: typeof CONFIGURED) {
  const mock = await startMockServer({ port: 0, faults });
  stops.push(() => mock.close());
  const proxy = await startProxy(mock.url, credentials ? { credentials } : {});
  stops.push(() => proxy.stop());
  await chatWith(proxy.url, DEFAULT_TOKEN);
  await chatWith(proxy.url, `${DEFAULT_TOKEN}-and-more`);
  await chatWith(proxy.url, 'someone-elses-token');
  await listRecords(proxy.url, 'predictions', BASIC);
  await listRecords(proxy.url, 'predictions', `${DEFAULT_BASIC_USER}:not-the-password`);
  const [server, clients] = await proxy.stop();
  return { server: server!, clients: clients!, text: JSON.stringify([server, clients]) };
}

test('a clean target refuses the other credentials: judged, passed, and no secret in the reports', async () => {
  const { server, text } = await through([], CONFIGURED);
  expect(problems(server)).toEqual([]);
  expect(result(server, CHAT)?.status).toBe('pass');
  expect(result(server, PREDICTIONS)?.status).toBe('pass');
  for (const secret of [DEFAULT_TOKEN, DEFAULT_BASIC_PASSWORD, Buffer.from(BASIC).toString('base64')])
    expect(text).not.toContain(secret);
});

test('a target that serves any well-formed credentials fails §5 on both families, with the request as evidence', async () => {
  const { server, text } = await through(['auth.accepts-any-credentials'], CONFIGURED);
  const chat = result(server, CHAT);
  expect(chat?.status).toBe('fail');
  expect(chat?.level).toBe('MUST');
  expect(chat?.actual).toContain('HTTP 200');
  expect(result(server, PREDICTIONS)?.status).toBe('fail');
  expect(text).not.toContain('not-the-password');
  expect(text).not.toContain('someone-elses-token');
});

test('without configured credentials the rule is not judged: the proxy cannot tell right from wrong', async () => {
  const { server } = await through(['auth.accepts-any-credentials']);
  expect(['skip', undefined]).toContain(result(server, CHAT)?.status);
  expect(problems(server).filter((p) => p.includes('other-credentials'))).toEqual([]);
});

test('--token and --basic (or the environment) configure the proxy; the replay line names the variables, never the secrets', () => {
  const cfg = parseProxyArgs(
    ['--target', 'http://127.0.0.1:1', '--token', 'sekrit-token', '--basic=u:sekrit-pass'],
    {},
  );
  if (cfg === 'help') throw new Error('help');
  expect(cfg.credentials).toEqual({ token: 'sekrit-token', basic: 'u:sekrit-pass' });
  expect(cfg.replay).not.toMatch(/sekrit/);
  expect(cfg.replay).toContain('"$CONFORMANCE_TOKEN"');
  const fromEnv = parseProxyArgs(['--target', 'http://127.0.0.1:1'], { CONFORMANCE_TOKEN: 'env-token' });
  if (fromEnv === 'help') throw new Error('help');
  expect(fromEnv.credentials).toEqual({ token: 'env-token' });
  expect(() => parseProxyArgs(['--target', 'http://127.0.0.1:1', '--basic', 'nocolon'], {})).toThrow(
    expect.objectContaining({ code: 'CTS_BAD_FLAG' }),
  );
});
