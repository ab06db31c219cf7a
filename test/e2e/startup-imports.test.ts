/**
 * Issue 17: `conformance mock` starts in about twice the time of a bare node:http server because it
 * loads only the mock. This proves what it must not load on the way to "listening on" (each costs
 * 15-60 ms of start-up): fast-check (loaded on the first structured-output request), faker (the
 * record texts come from a written-out word list), undici, msw, the generators, the checks, the
 * reporters, and the catalogue of planted faults (loaded when `--faults` names some). No timing is
 * asserted; bench/ measures the time.
 */
import { expect, test } from 'vitest';
import { modulesLoadedBy } from '../helpers/loaded-modules.js';

test('`conformance mock` loads the mock only: no fast-check, faker, undici, msw, generators, checks, reporters or fault catalogue', async () => {
  const { modules: loaded } = await modulesLoadedBy(['mock', '--port', '0'], 'listening on');
  expect(
    loaded.some((u) => u.includes('/dist/mock/adapters/node.js')),
    'the hook saw the mock load',
  ).toBe(true);
  const unwanted = loaded.filter((u) =>
    /\/node_modules\/(fast-check|@faker-js|undici|msw)\/|\/dist\/(src\/generation|suites|reporters)\/|\/dist\/mock\/faults\/index\.js/.test(
      u,
    ),
  );
  expect(unwanted).toEqual([]);
});
