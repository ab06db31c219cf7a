/** @module The bundled reference mock: the public barrel. */

export { createMock } from './app.js';
export { resolveOptions, DEFAULT_MAX_BODY_BYTES, DEFAULT_MOCK_SEED } from './options.js';

export { startMockServer } from './adapters/node.js';
export { toMockRequest, toResponse } from './adapters/fetch.js';

export { FAULTS, resolveFaults, defineFault } from './faults/index.js';

export { ScriptError } from './scripts/validate.js';
export { FixtureError } from './fixtures/load.js';

export type { Mock, MockOptions, MockRequest, MockResponse, ResolvedMockOptions } from './types.js';
export type { JournalEntry } from './journal.js';
export type {
  ChatReply,
  RawReply,
  Reply,
  ReplyTiming,
  Script,
  ScriptMatch,
  ScriptState,
  ScriptToolCall,
} from './scripts/types.js';
export type { MockServer, MockServerOptions } from './adapters/node.js';
export type { Fault } from './faults/index.js';
export { buildRequest, readStream } from './request.js';
