/**
 * @module The recording that `conformance run --replay` is tested on: real traffic through
 * the proxy in front of the clean mock with credentials A, recorded as `--record` writes it: 6
 * exchanges, 2 of them refused. The replay targets accept only credentials B (never in the file).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { plantSecrets } from '../secrets/planted.js';
import { chatBothWays, listRecords, sdk, startProxy } from './helpers.js';

/** A: the recording's credentials. B: the replay target's (never in the file). */
export const A = plantSecrets('rec');
export const B = plantSecrets('replay');

/** Records the traffic into `dir`/exchanges.jsonl; returns the file and its lines. */
export async function recordTraffic(dir: string): Promise<{ file: string; recorded: string[] }> {
  const mock = await startMockServer({ port: 0, token: A.token, basic: A.basic });
  const lines: string[] = [];
  const proxy = await startProxy(mock.url, { record: (line) => lines.push(line) });
  try {
    await chatBothWays(sdk(proxy.url, A.token), 'replays');
    const listed = await listRecords(proxy.url, 'predictions', A.basic, '?limit=3');
    const id = (listed.records[0] as { prediction_id: string }).prediction_id;
    const read = await fetch(`${proxy.url}/v2/acme/evals/predictions/${id}`, {
      headers: { authorization: `Basic ${Buffer.from(A.basic).toString('base64')}` },
    });
    expect(read.status).toBe(200);
    await read.text();
    await sdk(proxy.url, `${A.token}-not-it`)
      .chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }], max_completion_tokens: 3 })
      .catch(() => undefined);
    const anonymous = await fetch(`${proxy.url}/v2/acme/evals/scores?limit=2`);
    expect(anonymous.status).toBe(401);
    await anonymous.text();
  } finally {
    await proxy.stop();
    await mock.close();
  }
  const file = join(dir, 'exchanges.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, recorded: lines };
}

/**
 * Recordings `--replay` cannot use, each with what its CTS_BAD_REPLAY line says: missing, a
 * directory, empty, and lines that are no recorded exchange (written into `dir`).
 */
export function badRecordings(dir: string): [file: string, why: RegExp][] {
  const garbage = join(dir, 'garbage.jsonl');
  writeFileSync(garbage, 'not json\n{"operation":"chat.create"}\n[1,2]\n\n');
  const empty = join(dir, 'empty.jsonl');
  writeFileSync(empty, '');
  return [
    [join(dir, 'missing.jsonl'), /cannot read the recording: no such file/],
    [dir, /cannot read the recording: it is a directory/],
    [empty, /no exchange to replay \(the file holds no line\)/],
    [garbage, /no exchange to replay \(3 lines not a recorded exchange \(lines 1, 2, 3\)\)/],
  ];
}
