/**
 * @module The health route, `GET /health`, for orchestrators' probes (a Kubernetes liveness or
 * readiness probe, a compose healthcheck, a load balancer): vLLM's convention, 200 with an empty body
 * (llama.cpp's `{"status":"ok"}` was the other candidate; the mock's `/v1` imitates vLLM). As in vLLM,
 * whose API-key check covers `/v1` paths only, it wants no credentials: probes carry none. It is
 * answered before the journal, the concurrency limit, faults and chaos, so probes neither fill the
 * journal nor fail at random; other methods get 405 with `Allow: GET`.
 */
import { methodNotAllowed } from '../errors.js';
import type { MockRequest, MockResponse } from '../types.js';

const HEALTH_PATH = '/health';

/** The health route's answer, or undefined for any other path. */
export function healthAnswer(req: MockRequest): MockResponse | undefined {
  if (req.path !== HEALTH_PATH) return undefined;
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  return { status: 200, headers: {} };
}
