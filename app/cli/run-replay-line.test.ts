/**
 * The replay line a run's reports print (`RunCommand.settings.replayBase`, to which each check appends
 * `--only ID --seed N`) is built from the run's option table (options/run.ts, `replay`,
 * `replayWords`, `withReplay`). These are the lines the hand-built version printed for the same
 * command lines, config files and environment: the table must keep them word for word.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { DEFAULT_MODEL, RUN_DEFAULTS } from '../../src/core/defaults.js';
import { RUN_OPTIONS } from './options/run.js';
import type { CliOption } from './options/table.js';
import { parseRunOptions } from './run-options.js';

const dir = mkdtempSync(join(tmpdir(), 'cts-replay-line-'));
const T = 'http://h:1';
/** The target's defaults: given as flags, they are left out of the line. */
const D = RUN_DEFAULTS.target;
const replayOf = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseRunOptions(argv, env, dir).settings.replayBase;
const config = (name: string, content: object): string => {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(content));
  return file;
};

const CASES: [string[], string][] = [
  [[], 'conformance run'],
  [['--target', T], `conformance run --target ${T}`],
  [['--replay', 'r', '--target', T, '--exchange', '2'], `conformance run --replay r --exchange 2 --target ${T}`],
  [
    ['--target', `${T}/`, '--target', 'https://b.example/x'],
    `conformance run --target ${T} --target https://b.example/x`,
  ],
  [
    [
      '--target',
      T,
      '--entity',
      'e',
      '--project',
      'p',
      '--model',
      'm',
      '--model-id',
      '00000000-0000-4000-8000-000000000000',
    ],
    `conformance run --target ${T} --entity e --project p --model m --model-id 00000000-0000-4000-8000-000000000000`,
  ],
  // The defaults are left out, the bundled mock's model among them; against a target, a model is said.
  [['--entity', D.entity, '--project', D.project, '--model', DEFAULT_MODEL], 'conformance run'],
  [['--model', 'other'], 'conformance run --model other'],
  [['--target', T, '--model', DEFAULT_MODEL], `conformance run --target ${T} --model ${DEFAULT_MODEL}`],
  [
    ['--target', T, '--level', 'should', '--runs', `${RUN_DEFAULTS.runs}`],
    `conformance run --target ${T} --level should`,
  ],
  [['--target', T, '--level', 'must', '--runs', '7'], `conformance run --target ${T} --runs 7`],
  [['--target', T, '--load-burst', `${D.loadBurst}`], `conformance run --target ${T}`],
  [['--target', T, '--load-burst', '4'], `conformance run --target ${T} --load-burst 4`],
  [['--target', T, '--max-context', '512'], `conformance run --target ${T} --max-context 512`],
  // Writes: said against a real target only, their budget only with them.
  [['--target', T, '--allow-writes'], `conformance run --target ${T} --allow-writes`],
  [['--target', T, '--allow-writes', '--max-writes', `${D.maxWrites}`], `conformance run --target ${T} --allow-writes`],
  [
    ['--target', T, '--allow-writes', '--max-writes', '3'],
    `conformance run --target ${T} --allow-writes --max-writes 3`,
  ],
  [['--target', T, '--max-writes', '3'], `conformance run --target ${T}`],
  [['--max-writes', '3'], 'conformance run'],
  [['--allow-writes'], 'conformance run'],
  [['--priority-scheduling'], 'conformance run --priority-scheduling'],
  [
    ['--target', T, '--param-evaluation-run-id', 'run', '--param-limit', 'page_size', '--param-offset', 'skip'],
    `conformance run --target ${T} --param-evaluation-run-id run --param-limit page_size --param-offset skip`,
  ],
  [['--target', T, '--param-limit', 'limit'], `conformance run --target ${T}`],
  [['--target', T, '--accept-encoding', 'identity'], `conformance run --target ${T} --accept-encoding identity`],
  [['--target', T, '--accept-encoding', ' gzip, deflate '], `conformance run --target ${T}`],
  [['--target', T, '--accept-encoding', 'br, gzip'], `conformance run --target ${T} --accept-encoding 'br, gzip'`],
  // A secret header, and a proxy URL with credentials, are left to the environment.
  [
    ['--target', T, '--header', 'X-Tenant: a b', '--header', 'X-Api-Key: sec', '--proxy', 'http://p:3', '--insecure'],
    `conformance run --target ${T} --header 'x-tenant: a b' --header "x-api-key: $CONFORMANCE_HEADER_X_API_KEY" --proxy http://p:3 --insecure`,
  ],
  [['--target', T, '--proxy', 'http://u:pw@p:3'], `conformance run --target ${T}`],
  // What the replay does not reproduce, or each check's line says (--seed, --only), is left out.
  [
    ['--seed', '5', '--runs', '3', '--timeout', '100', '--deadline', '9', '--concurrency', '3', '--retries', '0'],
    'conformance run --runs 3',
  ],
  [
    ['--only', 'a.,b.', '--skip', 'e', '--shard', '1/2', '--min-coverage', '80', '--expect', 'x.json'],
    'conformance run',
  ],
  [
    ['--plan', '--quiet', '--console', '--no-color', '--junit', 'a.xml', '--basic', 'u:p', '--token', 't'],
    'conformance run',
  ],
  // What the deployment serves, by part where a whole part is served.
  [
    ['--target', T, '--serves', 'chat.create,predictions.list', '--serves', 'training'],
    `conformance run --target ${T} --serves chat,training,predictions.list`,
  ],
  // Objectives, in one form whatever their units were.
  [['--slo', 'ttft-p95=0.5s, itl-p99=50ms'], 'conformance run --slo ttft-p95=500ms,itl-p99=50ms'],
  // A replay: the recording, the one target, and what applies to a replay (its level defaults to must, as a run's).
  [['--replay', 'rec.jsonl', '--target', T], `conformance run --replay rec.jsonl --target ${T}`],
  [
    [
      '--replay',
      'my rec.jsonl',
      '--target',
      T,
      '--level',
      'must',
      '--allow-writes',
      '--max-writes',
      '4',
      '--timeout',
      '5',
      '--header',
      'X-T: v',
    ],
    `conformance run --replay 'my rec.jsonl' --target ${T} --allow-writes --max-writes 4 --header 'x-t: v'`,
  ],
  [
    ['--replay', 'r', '--target', T, '--level', 'should', '--allow-writes'],
    `conformance run --replay r --target ${T} --level should --allow-writes`,
  ],
  [['--replay', 'r', '--target', T, '--accept-encoding', 'identity'], `conformance run --replay r --target ${T}`],
];

test.each(CASES)('conformance run %j prints the replay line %s', (argv, line) => {
  expect(replayOf(argv)).toBe(line);
});

test('values from the config file are said as flags; flags over the file', () => {
  const full = config('full', {
    targets: [{ url: 'http://a:1', label: 'A' }, 'http://b:2/'],
    entity: 'E',
    project: 'P',
    model: 'M',
    modelId: '00000000-0000-4000-8000-000000000001',
    level: 'should',
    seed: 3,
    runs: 4,
    allowWrites: true,
    maxWrites: 8,
    priorityScheduling: true,
    timeoutMs: 5,
    headers: { 'X-Tenant': 't' },
    proxy: 'http://p:9',
    insecure: true,
    acceptEncoding: 'identity',
    listParams: { evaluationRunId: 'r', limit: 'l', offset: 'o' },
  });
  expect(replayOf(['--config', full])).toBe(
    "conformance run --target http://a:1 --target http://b:2 --entity E --project P --model M --model-id 00000000-0000-4000-8000-000000000001 --level should --runs 4 --allow-writes --max-writes 8 --priority-scheduling --param-evaluation-run-id r --param-limit l --param-offset o --accept-encoding identity --header 'x-tenant: t' --insecure",
  );
  const some = config('some', { targets: [{ url: 'http://a:1', label: 'A' }], entity: 'E', runs: 4 });
  expect(replayOf(['--config', some, '--runs', '5', '--entity', 'F'])).toBe(
    'conformance run --target http://a:1 --entity F --runs 5',
  );
  // A replay leaves out what the file holds for ordinary runs.
  const shared = config('shared', { entity: 'E', acceptEncoding: 'identity', level: 'should' });
  expect(replayOf(['--config', shared, '--replay', 'r', '--target', T])).toBe(
    `conformance run --replay r --target ${T} --level should`,
  );
});

test('headers from the environment are said as flags, before those of the command line; secrets as placeholders', () => {
  const env = { CONFORMANCE_TOKEN: 'tok', CONFORMANCE_HEADER_X_TRACE: 'tr', CONFORMANCE_HEADER_X_API_KEY: 'sec' };
  expect(replayOf([], env)).toBe(
    `conformance run --header 'x-trace: tr' --header "x-api-key: $CONFORMANCE_HEADER_X_API_KEY"`,
  );
  // Towards a real target the secrets are said as their variables, so that the line pasted reproduces.
  expect(replayOf(['--target', T, '--header', 'X-Tenant: a'], env)).toBe(
    `conformance run --target ${T} --header 'x-trace: tr' --header "x-api-key: $CONFORMANCE_HEADER_X_API_KEY" --header 'x-tenant: a' --token "$CONFORMANCE_TOKEN"`,
  );
});

test('values a shell would split or expand are quoted, so the line runs as printed', () => {
  const line = replayOf(['--target', 'http://h:1/api?a=1&b=2', '--project', "my team's evals", '--model', 'org/m$1']);
  expect(line).toBe(
    `conformance run --target 'http://h:1/api?a=1&b=2' --project 'my team'\\''s evals' --model 'org/m$1'`,
  );
});

// An option written by the one rule (`replay`: `--flag value` unless the default) is proved by
// options/new-option.test.ts; one with words of its own (`replayWords`) is proved here.
test('every option with replay words of its own is proved above', () => {
  const replayable = Object.entries<CliOption>(RUN_OPTIONS)
    .filter(([, o]) => o.replayWords)
    .map(([flag]) => flag);
  const given = new Set(CASES.flatMap(([argv]) => argv.filter((w) => w.startsWith('--')).map((w) => w.slice(2))));
  // The TLS files need PEM files: connection-flags.test.ts proves their words.
  expect(replayable.filter((flag) => !given.has(flag))).toEqual(['ca-cert', 'client-cert', 'client-key']);
});
