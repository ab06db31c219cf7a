/**
 * @module The mock: `createMock(options)`, planted faults named by id or given as values. What a
 * request gets is served-mock.ts's; this adds the catalogue of planted faults, which the node adapter
 * loads only when the options name some (so `conformance mock` does not load it at every start).
 */
import { resolveFaults } from './faults/index.js';
import { createServedMock, loadValidators } from './served-mock.js';
import type { Mock, MockOptions } from './types.js';

/**
 * Creates the mock. Throws on invalid options or an unknown fault id (usage errors).
 *
 * @example
 * ```ts
 * const mock = createMock({ records: 1000 });
 * const res = await mock.fetch(new Request('http://mock/v2/acme/evals/predictions?limit=2', {
 *   headers: { authorization: `Basic ${btoa('api:mock-key')}` },
 * }));
 * ```
 */
export function createMock(options: MockOptions = {}): Mock {
  const { mock } = createServedMock(options, resolveFaults(options.faults ?? []));
  loadValidators();
  return mock;
}
