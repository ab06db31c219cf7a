/** @module The mock's request handling: admission, the route, faults, chaos and pacing around the core. */
import { setTimeout as sleep } from 'node:timers/promises';
import { OPERATIONS, type OperationId, type OperationTable } from '../src/core/operations.js';
import { registry } from '../src/schemas/registry.js';
import { type ChaosDice, chaosDice, chaosResponse, cutStream, drawChaos } from './chaos.js';
import { createConcurrencyLimit } from './concurrency-limit.js';
import { bodyTooLarge, internalError, methodNotAllowed, routeNotFound, unauthorized } from './errors.js';
import { withFaults } from './faults/apply.js';
import { checkBasic, checkBearer, credential } from './http/auth.js';
import { familyOf } from './http/family.js';
import { type RouteMatch, Router } from './http/router.js';
import { resolveOptions } from './options.js';
import { fetchWith } from './adapters/fetch.js';
import { RecordSource } from './records/source.js';
import { PlanCache } from './chat/plan-cache.js';
import { createChatCompletion } from './routes/chat-completions.js';
import { listRecords, readRecord } from './routes/records.js';
import { createTrainingJob, getTrainingJob } from './routes/training-jobs.js';
import { listModels, MODELS_PATH } from './routes/models.js';
import { logTrajectories } from './routes/trajectories.js';
import type { MockState, RouteContext, RouteHandler } from './routes/types.js';
import { JobStore } from './store.js';
import { isEventStream, type Pace, shapeAnswer, wholeAnswerDelay } from './stream-shaping.js';
import { createTestDouble } from './test-double.js';
import { goneOf } from './exchange.js';
import type { Fault } from './faults/types.js';
import type { Mock, MockOptions, MockRequest, MockResponse, ResolvedMockOptions } from './types.js';

type Found = Extract<RouteMatch<RouteHandler>, { kind: 'found' }>;

/** The handler of each operation (§4.1–§4.8); methods and paths are src/core/operations.ts's. */
const HANDLERS: OperationTable<RouteHandler> = {
  'chat.create': createChatCompletion,
  'training-jobs.create': createTrainingJob,
  'training-jobs.get': getTrainingJob,
  'trajectories.log': logTrajectories,
  'predictions.list': listRecords('prediction'),
  'predictions.read': readRecord('prediction', 'prediction_id'),
  'scores.list': listRecords('score'),
  'scores.read': readRecord('score', 'score_id'),
};

/** The route table, with trailing-slash variants and `GET /v1/models` (created at `created`, Unix seconds). */
function routes(created: number, serves: readonly OperationId[]): Router<RouteHandler> {
  const router = new Router<RouteHandler>();
  for (const op of OPERATIONS.filter((o) => serves.includes(o.id))) {
    router.add(op.method, op.path, HANDLERS[op.id]);
    if (op.trailingSlashVariant) router.add(op.method, `${op.path}/`, HANDLERS[op.id]);
  }
  if (serves.includes('chat.create')) router.add('GET', MODELS_PATH, listModels(created));
  return router;
}

/** Schemas the routes validate against (each compile costs 15–80 ms without the build's validators). */
const SCHEMAS_USED = [
  'chat/chat-completion-request',
  'conventions/chat-completion-request',
  'training/training-job-create-request',
  'conventions/training-job-create-request',
  'training/log-trajectories-request',
  'conventions/log-trajectories-request',
  'params/list-query',
  'conventions/list-query',
] as const;

/** Loads (or compiles) the validators the routes use, so that no request waits for them. */
export function loadValidators(): void {
  const reg = registry();
  for (const name of SCHEMAS_USED) reg.validator(name);
}

function paceOf(resolved: ResolvedMockOptions): Pace | undefined {
  return resolved.streamTtftMs > 0 || resolved.streamItlMs > 0
    ? { ttftMs: resolved.streamTtftMs, itlMs: resolved.streamItlMs }
    : undefined;
}

/** A request with every field plain: faults copy requests, and a copy would lose an adapter's `signal` getter. */
function plainRequest(incoming: MockRequest): MockRequest {
  return {
    method: incoming.method,
    path: incoming.path,
    query: incoming.query,
    headers: incoming.headers,
    body: incoming.body,
    signal: incoming.signal,
  };
}

/** A mock and its handler without a promise when the answer is ready at once (what the node adapter calls). */
export interface ServedMock {
  readonly mock: Mock;
  respond(req: MockRequest): MockResponse | Promise<MockResponse>;
}

function mockState(resolved: ResolvedMockOptions): MockState {
  return {
    options: resolved,
    jobs: new JobStore(),
    records: new RecordSource(resolved),
    chatPlans: new PlanCache(),
    bearer: credential(resolved.token),
    basic: credential(resolved.basic),
  };
}

type Admission = { refused: MockResponse } | { route: Found; user: string | undefined };

/** Routing (404/405), body size (413) and §5 credentials (401), in that order. */
function admission(state: MockState): (req: MockRequest) => Admission {
  const router = routes(Math.floor(Date.now() / 1000), state.options.serves);
  const { maxBodyBytes } = state.options;
  return (req) => {
    const match = router.match(req.method, req.path);
    if (match.kind === 'not-found') return { refused: routeNotFound() };
    if (match.kind === 'method-not-allowed') return { refused: methodNotAllowed(match.allow) };
    const family = familyOf(req.path);
    if (req.body && req.body.length > maxBodyBytes) return { refused: bodyTooLarge(family, maxBodyBytes) };
    const scheme = family === 'records' ? 'basic' : 'bearer';
    const header = req.headers.authorization;
    const auth = scheme === 'basic' ? checkBasic(header, state.basic) : checkBearer(header, state.bearer);
    return auth.ok ? { route: match, user: auth.user } : { refused: unauthorized(family, scheme, auth.presented) };
  };
}

const signalOf = (req: MockRequest) => (req.signal ? { signal: req.signal } : undefined);

type Core = (req: MockRequest, reply?: RouteContext['reply']) => MockResponse | Promise<MockResponse>;

/** The answer with chaos, latency, planted faults, stream pacing and cuts around the core. */
function withExtras(
  resolved: ResolvedMockOptions,
  faults: readonly Fault[],
  core: Core,
  pace: Pace | undefined,
  dice: ChaosDice,
): (incoming: MockRequest) => Promise<MockResponse> {
  const credentials = { token: resolved.token, basic: resolved.basic };
  return async (incoming) => {
    const req = faults.length > 0 ? plainRequest(incoming) : incoming; // a copy for faults only: no AbortController
    const family = familyOf(req.path);
    try {
      const chaos = drawChaos(resolved.chaos, dice.next);
      if (chaos && chaos !== 'stream-cut') return chaosResponse(chaos, family);
      if (resolved.latencyMs > 0) await sleep(resolved.latencyMs, undefined, signalOf(req));
      let res = await withFaults(faults, req, async (r) => core(r), credentials);
      if (pace && isEventStream(res)) res = shapeAnswer(res, pace, undefined, goneOf(req));
      else if (pace && resolved.paceWholeAnswers) await sleep(wholeAnswerDelay(res, pace), undefined, signalOf(req));
      if (chaos === 'stream-cut')
        res = res.stream ? { ...res, stream: cutStream(res.stream) } : chaosResponse('overloaded', family);
      return res;
    } catch {
      return internalError(family);
    }
  };
}

/** `createMock` with its faults resolved, and the handler that answers at once when it can (`respond`, never rejecting). */
export function createServedMock(options: MockOptions, faults: readonly Fault[]): ServedMock {
  const resolved = resolveOptions(options);
  const state = mockState(resolved);
  const admit = admission(state);
  const dice = chaosDice(resolved.chaosSeed);
  const pace = paceOf(resolved);
  const core: Core = (req, reply) => {
    const admitted = admit(req);
    if ('refused' in admitted) return admitted.refused;
    const { route, user } = admitted;
    return route.handler({ req, params: route.params, state, user, reply });
  };
  const plain = resolved.chaos <= 0 && resolved.latencyMs <= 0 && faults.length === 0 && pace === undefined;
  const limit =
    resolved.maxConcurrency === undefined
      ? undefined
      : createConcurrencyLimit(resolved.maxConcurrency, resolved.maxQueued ?? resolved.maxConcurrency);
  const handleWithExtras = withExtras(resolved, faults, core, pace, dice);

  function serve(req: MockRequest): MockResponse | Promise<MockResponse> {
    if (limit) return limit.run(familyOf(req.path), () => handleWithExtras(req), req.signal);
    if (!plain) return handleWithExtras(req);
    try {
      const out = core(req);
      return out instanceof Promise ? out.catch(() => internalError(familyOf(req.path))) : out;
    } catch {
      return internalError(familyOf(req.path));
    }
  }

  const refusal = (req: MockRequest): MockResponse | undefined => {
    const admitted = admit(req);
    return 'refused' in admitted ? admitted.refused : undefined;
  };
  const double = createTestDouble({ state, serve, core, refusal, pace, dice });
  const { respond, ...api } = double;
  const mock: Mock = {
    ...api,
    fetch: (input, init) =>
      fetchWith(double.handle, input instanceof Request && init === undefined ? input : new Request(input, init)),
    options: resolved,
  };
  return { mock, respond };
}
