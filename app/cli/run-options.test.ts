import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { RUN_DEFAULTS } from '../../src/core/defaults.js';
import { parseRunOptions as parseIn, settingsForTarget } from './run-options.js';

// Parsed as if run from an empty directory: a conformance.config.json where the tests run must not change them.
const EMPTY_DIR = mkdtempSync(join(tmpdir(), 'cts-run-options-'));
const parseRunOptions = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseIn(argv, env, EMPTY_DIR);

test('without a target it runs the bundled mock with its default credentials', () => {
  const cfg = parseRunOptions([], {});
  expect(cfg.targets).toEqual([{ url: undefined, label: 'bundled-mock' }]);
  const settings = settingsForTarget(cfg, undefined, { checks: [] });
  expect(settings.token).toBeDefined();
  expect(settings.target.allowWrites).toBe(true);
  expect(settings.replayBase).toBe('conformance run');
});

test('secrets come from the environment and reach the replay command as its variables only', () => {
  const cfg = parseRunOptions(['--target', 'http://h:1/', '--seed', '5'], {
    CONFORMANCE_TOKEN: 'env-secret-1',
    CONFORMANCE_BASIC: 'u:env-secret-2',
  });
  expect(cfg.settings.token).toBe('env-secret-1');
  expect(cfg.settings.basic).toBe('u:env-secret-2');
  expect(cfg.settings.replayBase).toBe(
    'conformance run --target http://h:1 --token "$CONFORMANCE_TOKEN" --basic "$CONFORMANCE_BASIC"',
  );
  expect(cfg.settings.replayBase).not.toContain('env-secret');
  const settings = settingsForTarget(cfg, cfg.targets[0]!.url, { checks: [] });
  expect(settings).toMatchObject({ token: 'env-secret-1', seed: 5, replayBase: cfg.settings.replayBase });
  expect(settings.target.allowWrites).toBe(false);
});

test('bad flags are usage errors with one clear line', () => {
  expect(() => parseRunOptions(['--bogus'], {})).toThrow(expect.objectContaining({ code: 'CTS_BAD_FLAG' }));
  expect(() => parseRunOptions(['--level', 'may'], {})).toThrow(/--level takes must or should/);
  expect(() => parseRunOptions(['--runs', 'lots'], {})).toThrow(/--runs takes a whole number/);
  expect(() => parseRunOptions(['--target', 'not a url'], {})).toThrow(/not a URL/);
  expect(() => parseRunOptions(['--target', 'http://u:p@h'], {})).toThrow(/not in the URL/);
  expect(() => parseRunOptions(['--basic', 'nocolon'], {})).toThrow(/USER:PASS/);
});

test('a config file holds the flags; flags override it; a bad file is a config error', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
  const good = join(dir, 'c.json');
  writeFileSync(
    good,
    JSON.stringify({
      targets: [{ url: 'http://a:1', label: 'A' }, 'http://b:2'],
      level: 'should',
      runs: 3,
      listParams: { limit: 'page_size' },
    }),
  );
  const cfg = parseRunOptions(['--config', good, '--runs', '4'], {});
  expect(cfg.targets).toEqual([
    { url: 'http://a:1', label: 'A' },
    { url: 'http://b:2', label: undefined },
  ]);
  expect(cfg.settings.level).toBe('should');
  expect(cfg.settings.runs).toBe(4);
  expect(cfg.settings.target.listParams?.limit).toBe('page_size');
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ token: 'secrets are not allowed here' }));
  expect(() => parseRunOptions(['--config', bad], {})).toThrow(expect.objectContaining({ code: 'CTS_BAD_CONFIG' }));
  expect(() => parseRunOptions(['--config', join(dir, 'missing.json')], {})).toThrow(/no such file/);
});

test("a conformance.config.json in the working directory is read; another directory's is not", () => {
  const dir = mkdtempSync(join(tmpdir(), 'cts-run-options-cwd-'));
  writeFileSync(join(dir, 'conformance.config.json'), JSON.stringify({ seed: 77 }));
  expect(parseIn([], {}, dir).settings.seed).toBe(77);
  expect(parseIn([], {}, EMPTY_DIR).settings.seed).not.toBe(77);
});

test('--max-context sets the context window, from the flag or the config file; none by default', () => {
  expect(parseRunOptions([]).settings.target.maxContextTokens).toBeUndefined();
  const cfg = parseRunOptions(['--target', 'http://h:1', '--max-context', '512']);
  expect(cfg.settings.target.maxContextTokens).toBe(512);
  // The window decides how large the chat cases are: the replay line carries it.
  expect(cfg.settings.replayBase).toBe('conformance run --target http://h:1 --max-context 512');
  const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
  const file = join(dir, 'c.json');
  writeFileSync(file, JSON.stringify({ maxContextTokens: 2048 }));
  expect(parseRunOptions(['--config', file]).settings.target.maxContextTokens).toBe(2048);
  expect(() => parseRunOptions(['--max-context', '0'])).toThrow(expect.objectContaining({ code: 'CTS_BAD_FLAG' }));
});

test('--recover-timeout takes ms or s (0: no wait); --no-crash-replay turns the replay off', () => {
  expect(parseRunOptions([]).settings.recoverTimeoutMs).toBe(RUN_DEFAULTS.recoverTimeoutMs);
  expect(parseRunOptions(['--recover-timeout', '3s']).settings.recoverTimeoutMs).toBe(3_000);
  expect(parseRunOptions(['--recover-timeout', '1500']).settings.recoverTimeoutMs).toBe(1_500);
  expect(parseRunOptions(['--recover-timeout', '0']).settings.recoverTimeoutMs).toBe(0);
  expect(() => parseRunOptions(['--recover-timeout', 'soon'])).toThrow(
    expect.objectContaining({ code: 'CTS_BAD_FLAG' }),
  );
  expect(parseRunOptions([]).settings.crashReplay).toBe(RUN_DEFAULTS.crashReplay);
  expect(parseRunOptions(['--no-crash-replay']).settings.crashReplay).toBe(false);
});
