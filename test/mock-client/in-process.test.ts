/** The client scenarios (scenarios.ts) with no socket: the app is given `mock.fetch` as its fetch. */
import { createMock } from '../../mock/index.js';
import { clientScenarios } from './scenarios.js';

clientScenarios('in-process, through mock.fetch', async () => {
  const mock = createMock();
  return { mock, baseUrl: 'http://mock.invalid', fetch: mock.fetch, close: async () => {} };
});
