/** @module `GET /health` as vLLM answers it, before credentials, the journal, faults and chaos. */
import { methodNotAllowed } from '../errors.js';
import type { MockRequest, MockResponse } from '../types.js';

const HEALTH_PATH = '/health';

export function healthAnswer(req: MockRequest): MockResponse | undefined {
  if (req.path !== HEALTH_PATH) return undefined;
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  return { status: 200, headers: {} };
}
