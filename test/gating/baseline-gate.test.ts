/**
 * The findings baseline's exit rules, through the commands as a team uses them, against the mock with
 * planted faults: two faults failing the same checks for different fields (an out-of-range `seed`; a
 * `tool_choice` other than "none"). A baseline written by `run` on one holds at other seeds, names the
 * other new; an expired entry gates; a fixed check makes its entry stale until pruned; what was not
 * run or drawn is unobserved. The proxy honours the run's file on the same fault's traffic.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mergeCommand } from '../../app/cli/merge-command.js';
import { proxyCommand } from '../../app/cli/proxy-command.js';
import { runCommand } from '../../app/cli/run-command.js';
import { type MockServer, startMockServer } from '../../mock/index.js';
import type { RunReport } from '../../src/core/report.js';
import type { Baseline } from '../../src/gating/baseline.js';
import { DEFAULT_MODEL, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { freePort } from '../helpers/free-port.js';
import { capturingOutput } from '../helpers/stdout.js';

const SEED = 'chat-completions.seed-range-not-enforced';
const TOOL = 'chat-completions.tool-choice-not-enforced';
// A check of fixed cases and one drawn at random, both broken by either fault.
const ONLY = 'chat-completions.rejects-seed-beyond-bound,errors.rejects-invalid-body.chat-create';

const dir = mkdtempSync(join(tmpdir(), 'cts-baseline-'));
const mocks: Record<string, MockServer> = {};
beforeAll(async () => {
  for (const [name, faults] of [
    ['seed', [SEED]],
    ['tool', [TOOL]],
    ['clean', []],
  ] as const)
    mocks[name] = await startMockServer({ port: 0, faults: [...faults] });
});
afterAll(async () => {
  for (const m of Object.values(mocks)) await m.close();
  rmSync(dir, { recursive: true, force: true });
});

const file = (name: string) => join(dir, name);
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Baseline;

async function run(mock: string, ...flags: string[]) {
  const out = await capturingOutput(() =>
    runCommand([
      '--target',
      mocks[mock]!.url,
      '--token',
      DEFAULT_TOKEN,
      '--only',
      ONLY,
      '--runs',
      '5',
      '--no-color',
      ...flags,
    ]),
  );
  expect(out.error).toBeUndefined();
  return { code: out.result, stderr: out.stderr };
}

/** A baseline written by `--baseline-update` on the seed fault at seed 1 (once per test that wants its own copy). */
async function seedBaseline(name: string): Promise<string> {
  const path = file(name);
  const w = await run('seed', '--seed', '1', '--baseline', path, '--baseline-update');
  expect(w.code).toBe(0);
  return path;
}

test('run: known at every seed, and a new cause of the same checks gates, named', async () => {
  const path = await seedBaseline('seed.json');
  const entries = read(path).entries;
  expect(entries.map((e) => e.fingerprint)).toEqual([
    'chat-completions.rejects-seed-beyond-bound /seed out of range, answered 2xx',
    'errors.rejects-invalid-body.chat-create /seed out of range, answered 2xx',
  ]);
  for (const seed of ['2', '3', '4', '5', '6', '7', '8', '9', '10']) {
    const r = await run('seed', '--seed', seed, '--baseline', path);
    expect(r.code, `seed ${seed}: ${r.stderr}`).toBe(0);
    expect(r.stderr).toMatch(/baseline: 2 known, 0 new/);
  }
  const other = await run('tool', '--seed', '1', '--baseline', path);
  expect(other.code).toBe(1);
  expect(other.stderr).toContain('new finding errors.rejects-invalid-body.chat-create /tool_choice');
}, 120_000);

test('run: an expired entry gates', async () => {
  const path = await seedBaseline('expired.json');
  const b = read(path);
  writeFileSync(path, JSON.stringify({ ...b, entries: b.entries.map((e) => ({ ...e, expires: '2020-01-01' })) }));
  const r = await run('seed', '--baseline', path);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(
    /expired entry chat-completions\.rejects-seed-beyond-bound .* \(expires 2020-01-01\): renew or remove it/,
  );
}, 60_000);

test('run: a fixed check that passes makes its entry stale until pruned; a drawn one is unobserved', async () => {
  const path = await seedBaseline('stale.json');
  const r = await run('clean', '--baseline', path);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/stale entry chat-completions\.rejects-seed-beyond-bound .*: its check ran and passed/);
  expect(r.stderr).toMatch(/to prune the stale entries: conformance run .*--baseline .*stale\.json --baseline-prune/);
  expect(r.stderr).toMatch(/1 stale .*, 1 unobserved/);
  const pruned = await run('clean', '--baseline', path, '--baseline-prune');
  expect(pruned.code).toBe(0);
  expect(read(path).entries.map((e) => e.check)).toEqual(['errors.rejects-invalid-body.chat-create']);
}, 60_000);

test('run: an entry whose check is not run is unobserved and does not gate', async () => {
  const path = await seedBaseline('unrun.json');
  const out = await capturingOutput(() =>
    runCommand([
      '--target',
      mocks.clean!.url,
      '--token',
      DEFAULT_TOKEN,
      '--only',
      'chat-completions.n-choices-indexed',
      '--baseline',
      path,
    ]),
  );
  expect(out.result).toBe(0);
  expect(out.stderr).toMatch(/0 known, 0 new, 2 unobserved/);
}, 60_000);

/** `bodies` sent through a proxy in front of `mock` with these flags; its exit code and stderr. */
async function throughProxy(mock: string, bodies: Record<string, unknown>[], ...flags: string[]) {
  const port = await freePort();
  const sent = (async () => {
    for (const body of bodies)
      for (let i = 0; i < 100; i++) {
        const ok = await fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${DEFAULT_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: DEFAULT_MODEL, messages: [{ role: 'user', content: 'hi' }], ...body }),
        })
          .then((r) => r.arrayBuffer().then(() => true))
          .catch(() => false);
        if (ok) break;
        await new Promise((r) => setTimeout(r, 50));
      }
  })();
  const out = await capturingOutput(() =>
    proxyCommand([
      '--target',
      mocks[mock]!.url,
      '--port',
      String(port),
      '--max-exchanges',
      String(bodies.length),
      '--quiet',
      // The run's findings gate at should: errors.rejects-invalid-body is a SHOULD (decisions/0001 #24).
      '--level',
      'should',
      ...flags,
    ]),
  );
  await sent;
  expect(out.error).toBeUndefined();
  return { code: out.result, stderr: out.stderr };
}

test('proxy: the run’s baseline accepts the same cause in traffic, names another new, and an expired entry gates', async () => {
  const path = await seedBaseline('proxy.json');
  const known = await throughProxy('seed', [{ seed: 1e30, max_completion_tokens: 2 }], '--baseline', path);
  expect(known.code, known.stderr).toBe(0);
  expect(known.stderr).not.toContain('new finding');
  const fresh = await throughProxy('tool', [{ tool_choice: 'auto', max_completion_tokens: 2 }], '--baseline', path);
  expect(fresh.code).toBe(1);
  expect(fresh.stderr).toContain('new finding errors.rejects-invalid-body.chat-create /tool_choice');
  // What the traffic did not show is unobserved, never stale: a proxy cannot tell a fix from an absence.
  const quiet = await throughProxy('clean', [{ max_completion_tokens: 2 }], '--baseline', path);
  expect(quiet.code).toBe(0);
  expect(quiet.stderr).not.toContain('stale entry');
  const b = read(path);
  writeFileSync(path, JSON.stringify({ ...b, entries: b.entries.map((e) => ({ ...e, expires: '2020-01-01' })) }));
  const expired = await throughProxy('seed', [{ seed: 1e30, max_completion_tokens: 2 }], '--baseline', path);
  expect(expired.code).toBe(1);
  expect(expired.stderr).toContain('expired entry');
}, 120_000);

test('merge: shards each judged with the baseline merge into one report it is applied to once', async () => {
  const path = await seedBaseline('merge.json');
  for (const k of ['1', '2']) {
    const r = await run(
      'seed',
      '--seed',
      '7',
      '--shard',
      `${k}/2`,
      '--baseline',
      path,
      '--json',
      file(`shard-${k}.json`),
      '--quiet',
    );
    expect(r.code).toBe(0);
  }
  const merged = file('merged.json');
  const out = await capturingOutput(() =>
    mergeCommand([file('shard-1.json'), file('shard-2.json'), '--baseline', path, '--json', merged, '--quiet']),
  );
  expect(out.result, `${String(out.error)} ${out.stderr}`).toBe(0);
  const report = (JSON.parse(readFileSync(merged, 'utf8')) as { reports: RunReport[] }).reports[0]!;
  expect(report.baseline).toMatchObject({ known: 2, new: [], stale: [] });
  expect(report.summary.expectedFailures).toBe(2);
  // Without the file, the shards' own marks hold: each known failure counted once.
  const plain = await capturingOutput(() => mergeCommand([file('shard-1.json'), file('shard-2.json'), '--quiet']));
  expect(plain.result).toBe(0);
}, 60_000);
