/**
 * The real `conformance run` binary against hostile targets, with --junit and --json: bounded time,
 * exit 1, no stack trace on stdout or stderr, and complete, parseable reports whose error codes
 * match what the runner-level tests expect.
 */
import { gates } from '../../src/core/report.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { JsonReport } from '../../reporters/json.js';
import { CATALOGUE } from '../../suites/index.js';
import { startDripServer } from '../helpers/drip-servers.js';
import { startHostile, type HostileServer } from '../helpers/hostile-servers.js';
import { HOSTILE_CASES } from './cases.js';
import { readXml, runCli, STACK } from './report-files.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-hostile-cli-'));
const servers: HostileServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

const TOKEN = 'cli-Hostile-Token-5150';
const DEADLINE_MS = 5_000;

// One per family of failure (each CLI run costs seconds of start-up): no answer at all, a wrong
// answer (which also covers closing unread streamed bodies), a redirect with credentials at stake.
// The runner-level tests cover every case.
const PICKED = ['silent', 'html-500', 'redirect'] as const;

describe.each(HOSTILE_CASES.filter((c) => (PICKED as readonly string[]).includes(c.fixture)))(
  'conformance run against a target that $name',
  (c) => {
    test('exits 1 (3: not the interface, or never an answer) in bounded time, prints no stack, writes complete JUnit and JSON reports', {
      timeout: 30_000,
    }, async () => {
      const server = await startHostile(c.fixture as (typeof PICKED)[number], { lifetimeMs: 30_000 });
      servers.push(server);
      const url = server.url;
      const junit = join(dir, `${c.fixture}.xml`);
      const json = join(dir, `${c.fixture}.json`);
      // Where the target does answer, a per-request timeout longer than the deadline: on a CPU-starved
      // machine the event loop can stall for seconds, and a prompt answer must then end
      // as CTS_RUN_DEADLINE for the checks cut short, never as a spurious timeout. The silent target
      // needs a short one.
      const timeout = c.fixture === 'silent' ? '300' : '20000';
      const run = await runCli(
        [
          'run',
          '--target',
          url,
          '--timeout',
          timeout,
          '--deadline',
          String(DEADLINE_MS),
          '--seed',
          '7',
          '--runs',
          '3',
          '--junit',
          junit,
          '--json',
          json,
        ],
        {
          env: { CONFORMANCE_TOKEN: TOKEN },
          // Start-up (module load, schema compilation) takes seconds on a loaded 2-core CI machine, and
          // the catalogue's generation work can hold the event loop past the deadline.
          limitMs: 25_000,
        },
      );

      expect(run.signal, 'not killed by the test').toBeNull();
      expect(run.code, run.stderr).toBe(c.unjudged ? 3 : 1);
      expect(run.stdout + run.stderr).not.toMatch(STACK);
      expect(run.stdout + run.stderr).not.toContain(TOKEN);

      const report = (JSON.parse(readFileSync(json, 'utf8')) as JsonReport).reports[0]!;
      expect(report.results).toHaveLength(CATALOGUE.length);
      expect(report.summary.conformant).toBe(false);
      for (const r of report.results) {
        if (r.status === 'error')
          expect([...c.codes, 'CTS_RUN_DEADLINE'], `${r.id}: ${r.message}`).toContain(r.errorCode);
        if (c.network && !c.judgesRedirect?.includes(r.id)) expect(['error', 'skip'], r.id).toContain(r.status);
        if (c.judgesRedirect?.includes(r.id) && !c.unjudged) expect(r.status, r.id).toBe('fail');
      }
      // The fixture's own failure shows up, not only the deadline (or, for a wall, the preflight says what it is).
      if (c.unjudged) expect(report.unjudged?.code).toBe(c.unjudged);
      else
        expect(
          report.results.some(
            (r) => r.status === 'fail' || (r.errorCode !== undefined && r.errorCode !== 'CTS_RUN_DEADLINE'),
          ),
        ).toBe(true);

      const xml = readFileSync(junit, 'utf8');
      const counts = readXml(xml);
      expect(counts.get('testcase')).toBe(report.results.length);
      // Every result that gates is a <failure> or an <error> (a SHOULD failure at --level must is not).
      expect((counts.get('failure') ?? 0) + (counts.get('error') ?? 0)).toBeGreaterThanOrEqual(
        report.results.filter((r: Parameters<typeof gates>[0]) => gates(r, report.level)).length,
      );
      expect(xml).not.toContain(TOKEN);

      if (server.other) expect(server.other.seen, 'nothing reached the other origin').toEqual([]);
    });
  },
);

describe('conformance run against a target that drips its answer', () => {
  test('says its time budget at the start and ends by the per-request deadlines, with no --deadline given', {
    timeout: 60_000,
  }, async () => {
    const server = await startDripServer('json-body', 60);
    try {
      const json = join(dir, 'drip.json');
      const run = await runCli(
        [
          'run',
          '--target',
          server.url,
          '--only',
          'auth.',
          '--timeout',
          '300',
          '--retries',
          '0',
          '--seed',
          '7',
          '--runs',
          '2',
          '--json',
          json,
        ],
        {
          env: { CONFORMANCE_TOKEN: TOKEN },
          limitMs: 50_000,
        },
      );
      expect(run.signal, 'not killed by the test').toBeNull();
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(
        /^conformance: http:\/\/127\.0\.0\.1:\d+: (likely about [^;]+; )?run deadline [^,]+, set by the worst case \(at most \d+ requests, 0.3 s each at worst, 10 checks at a time; --deadline to change\); context window not known \(--max-context to set it\)[^\n]*$/m,
      );
      expect(run.stdout + run.stderr).not.toContain(TOKEN);
      const report = (JSON.parse(readFileSync(json, 'utf8')) as JsonReport).reports[0]!;
      const codes = new Set(report.results.map((r) => r.errorCode).filter(Boolean));
      expect([...codes]).toEqual(['CTS_TARGET_TIMEOUT']);
    } finally {
      await server.close();
    }
  });
});
