/** @module Bundles the compiled CLI into dist/cli/, one chunk per command (Node's module loader was most of start-up), with the probe outcomes and `modules.json`. */
import { copyFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { packageRoot } from '../src/core/package-root.js';
import { mutationCatalogue } from '../src/generation/negative-cases.js';
import { PROBE_OUTCOMES_FILE, recordProbeOutcomes } from '../src/generation/_internals/probe-outcomes.js';
import { registry, STANDALONE_FILE } from '../src/schemas/registry.js';

const root = packageRoot();
const outdir = join(root, 'dist', 'cli');
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  // The mock's worker thread (mock/adapters/worker.ts) starts from a file beside the code that starts it.
  entryPoints: {
    main: join(root, 'dist', 'app', 'cli', 'main.js'),
    'mock-worker': join(root, 'dist', 'mock', 'adapters', 'mock-worker.js'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'chunk-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  absWorkingDir: root,
});
const standalone = join(root, 'dist', 'src', 'schemas', STANDALONE_FILE);
if (existsSync(standalone)) copyFileSync(standalone, join(outdir, STANDALONE_FILE));
// Every bundled schema's catalogues, as the suites ask for them (both strictnesses, each alone).
const recording = recordProbeOutcomes();
for (const name of registry().names)
  for (const strictness of [undefined, 'lenient', 'reject'] as const)
    mutationCatalogue(name, strictness ? { strictness } : {});
const outcomes = recording.stop();
writeFileSync(join(outdir, PROBE_OUTCOMES_FILE), JSON.stringify(outcomes));
const modules = Object.fromEntries(
  Object.entries(result.metafile.outputs).map(([file, out]) => [basename(file), Object.keys(out.inputs)]),
);
writeFileSync(join(outdir, 'modules.json'), `${JSON.stringify(modules, null, 1)}\n`);
const inputs = Object.keys(result.metafile.inputs).length;
process.stdout.write(
  `bundled ${inputs} modules into ${Object.keys(modules).length} files in ${outdir}; ` +
    `${outcomes.kept.length + outcomes.dropped.length} probe outcomes (${outcomes.dropped.length} without cases)\n`,
);
