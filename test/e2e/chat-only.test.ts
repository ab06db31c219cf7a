/** The mock serving chat only, run with `--serves chat --min-coverage 90`: CONFORMANT at seeds 1–10. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { runChatOnly } from '../helpers/served.js';

test('a chat-only deployment declared so is CONFORMANT at seeds 1-10 with --min-coverage 90', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cts-chat-only-'));
  const mock = await startMockServer({ port: 0, serves: ['chat'] });
  try {
    for (let seed = 1; seed <= 10; seed++) {
      const flags = ['--seed', String(seed), '--serves', 'chat', '--min-coverage', '90'];
      const { code, stderr, report } = await runChatOnly(mock.url, join(dir, `${seed}.json`), ...flags);
      expect(code, `seed ${seed}: ${stderr}`).toBe(0);
      expect(report.coverage?.percent).toBeGreaterThanOrEqual(90);
    }
  } finally {
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);
