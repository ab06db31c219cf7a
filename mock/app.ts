/** @module `createMock(options)`: served-mock.ts with the catalogue of planted faults (which the node adapter loads lazily). */
import { resolveFaults } from './faults/index.js';
import { createServedMock, loadValidators } from './served-mock.js';
import type { Mock, MockOptions } from './types.js';

/** Creates the mock; throws on invalid options or an unknown fault id (usage errors). */
export function createMock(options: MockOptions = {}): Mock {
  const { mock } = createServedMock(options, resolveFaults(options.faults ?? []));
  loadValidators();
  return mock;
}
