import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two tiers. `npm test` runs `unit`: functions (the CLI's commands among them, called as
 * functions), the mock in-process, the suites against it with their fault batteries, reporters,
 * schemas, the proxy judging in-process. `npm run test:e2e` runs `e2e`: whatever starts the
 * `conformance` binary or another program (npm pack, nginx, tinyproxy, openssl, chromium, xmllint,
 * python), and the hostile, fuzz, trust and secrets runs, which wait on real time, after the accuracy
 * battery (project `e2e-battery`). A test file is `unit` unless it is under one of these folders or
 * listed here (test/tiers.test.ts keeps it so).
 */
export const E2E_DIRS = [
  'test/package',
  'test/e2e',
  'test/hostile',
  'test/fuzz',
  'test/trust',
  'test/field',
  'test/secrets',
];
export const E2E_FILES = [
  // `conformance proxy` and `conformance run --replay`, the real binary.
  'test/proxy/cli.test.ts',
  'test/proxy/replay-cli.test.ts',
  // Slow and hostile clients against the mock's node server: seconds of real time per test.
  'mock/adapters/node-slow-clients.test.ts',
  // Real readers of the reports: headless Chromium; xmllint and python's junitparser.
  'test/reporters/html-browser.test.ts',
  'test/reporters/junit-readers.test.ts',
  // A target that goes down and comes back: seconds of real time waiting for it.
  'test/accuracy/target-down.test.ts',
  'test/accuracy/target-down-concurrent.test.ts',
];
/**
 * The accuracy battery (docs/accuracy.md): e2e for its length, but in-process (no binary, no other
 * program) and asserting no time bound, so a busy machine only slows it. Its files run two at a time
 * (project `e2e-battery`), before the rest of the tier and never beside it: the hostile tests' time
 * bounds need the machine to themselves.
 */
export const BATTERY_FILES = [
  // Every variant and every fault at every seed.
  'test/accuracy/battery-faults.test.ts',
  'test/accuracy/variant-battery-1.test.ts',
  'test/accuracy/variant-battery-2.test.ts',
  // The run of the whole catalogue and every workload through the proxy, per planted fault.
  'test/accuracy/same-ids.test.ts',
  // The whole catalogue at 10 seeds against a tiny vocabulary (15 to 45 s here).
  'test/accuracy/small-vocabulary.test.ts',
];
const E2E = [...E2E_DIRS.map((d) => `${d}/**/*.test.ts`), ...E2E_FILES];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // test/helpers/drip-servers.ts forces collections: the lost deadline of issue 20 needed one.
    execArgv: ['--expose-gc'],
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{app,src,mock,suites,reporters,test,scripts}/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...E2E, ...BATTERY_FILES],
          // One process and one module graph for every unit file: a fresh process per file cost more
          // than the tests themselves (94 s against 36 s here). So a unit test restores what it patches
          // and mocks no module (vi.mock needs isolation: such a test goes to e2e).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'e2e-battery', include: BATTERY_FILES, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
      // One file at a time: the tier's time bounds hold on a machine no other test file shares.
      { extends: true, test: { name: 'e2e', include: E2E, maxWorkers: 1, sequence: { groupOrder: 2 } } },
    ],
  },
});
