/** The client scenarios (scenarios.ts) against the mock on a loopback socket: `startMockServer`. */
import { startMockServer } from '../../mock/index.js';
import { clientScenarios } from './scenarios.js';

clientScenarios('over a socket', async () => {
  const server = await startMockServer({ port: 0 });
  return { mock: server.mock, baseUrl: server.url, close: () => server.close() };
});
