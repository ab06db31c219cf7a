/** @module The bundled reference mock: the public barrel. */

// Core
export { createMock } from './app.js';
export { resolveOptions, DEFAULT_MAX_BODY_BYTES, DEFAULT_MOCK_SEED } from './options.js';

// Adapters
export { startMockServer } from './adapters/node.js';
export { toMockRequest, toResponse } from './adapters/fetch.js';

// Planted faults
export { FAULTS, resolveFaults, defineFault } from './faults/index.js';

// Types
export type { Mock, MockOptions, MockRequest, MockResponse } from './types.js';
export type { MockServer, MockServerOptions } from './adapters/node.js';
export type { Fault } from './faults/index.js';
export { buildRequest, readStream } from './request.js';
