/**
 * Issue 41: a run of one check pays at start only for what that check needs. This proves what such a
 * run (`conformance run --only <one check>`, the bundled mock in-process) must not load: faker (the
 * generators' corpus is written out), undici's index (the client loads only the dispatcher files it
 * uses), ajv's compiler (the build's standalone validators need only ajv's runtime helpers), and the
 * help text with every command's option table. It runs the bundle `npm run build` makes (dist/cli/), each
 * bundle file standing for the modules it holds. No timing is asserted; bench/ measures the time.
 */
import { expect, test } from 'vitest';
import { modulesLoadedBy } from '../helpers/loaded-modules.js';

test('a one-check run loads no faker, no undici index, no ajv compiler and no help text', async () => {
  const {
    modules: loaded,
    bundleFiles,
    code,
  } = await modulesLoadedBy(['run', '--only', 'chat-completions.structured-outputs-choice', '--seed', '1', '--quiet']);
  expect(code).toBe(0);
  expect(bundleFiles, 'the launcher ran the bundle (dist/cli/)').toContain('main.js');
  expect(
    loaded.some((u) => u.includes('/node_modules/undici/lib/dispatcher/agent.js')),
    'the client loaded',
  ).toBe(true);
  const unwanted = loaded.filter((u) =>
    /\/node_modules\/(@faker-js\/|undici\/index\.js|ajv\/dist\/(core|2020|compile\/index)\.js)|\/dist\/app\/cli\/usage\.js/.test(
      u,
    ),
  );
  expect(unwanted).toEqual([]);
});
