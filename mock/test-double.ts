/** @module The mock as a test double: journaled, answered by a script, a recorded answer or the core. */
import { ADMIN_PREFIX, type AdminControl, adminRoutes } from './admin.js';
import type { ChaosDice } from './chaos.js';
import { internalError } from './errors.js';
import { fixtureResponse } from './fixtures/serve.js';
import { FixtureStore } from './fixtures/store.js';
import { familyOf } from './http/family.js';
import { healthAnswer } from './http/health.js';
import { Journal } from './journal.js';
import { journaledAnswer } from './journal-answer.js';
import type { RouteContext, MockState } from './routes/types.js';
import { answerScripted } from './scripts/answer.js';
import { loadScripts } from './scripts/load.js';
import { ScriptStore } from './scripts/store.js';
import { checkedOrThrow } from './scripts/validate.js';
import type { Pace } from './stream-shaping.js';
import type { Mock, MockRequest, MockResponse } from './types.js';

export interface DoubleParts {
  readonly state: MockState;
  /** The mock's usual answer: core, faults, chaos, latency, pacing (at once when nothing waits; it never rejects). */
  serve(req: MockRequest): MockResponse | Promise<MockResponse>;
  /** The core alone (routing, checks, the route), given a script's chat reply to render. */
  core(req: MockRequest, reply?: RouteContext['reply']): MockResponse | Promise<MockResponse>;
  /** What the core refuses before any route (404, 405, 413, 401), if anything: a fixture answers only past it. */
  refusal(req: MockRequest): MockResponse | undefined;
  readonly pace: Pace | undefined;
  readonly dice: ChaosDice;
}

/** The in-process API; `respond` is `handle` without a promise when the answer is ready at once. */
export type TestDouble = Omit<Mock, 'fetch' | 'options'> & {
  respond(req: MockRequest): MockResponse | Promise<MockResponse>;
};

export function createTestDouble(parts: DoubleParts): TestDouble {
  const { state, serve, pace, dice } = parts;
  const options = state.options;
  const journal = new Journal(options.journalSize, [options.token, options.basic]);
  const scripts = new ScriptStore(loadScripts(options.scripts));
  const fixtures = new FixtureStore(options.fixtures);
  const scripted = { core: parts.core, pace };

  const control: AdminControl = {
    requests: () => journal.entries(),
    clearRequests: () => journal.clear(),
    scripts: () => scripts.list(),
    addChecked: (checked) => scripts.add(checked),
    removeScript: (id) => scripts.remove(id),
    clearScripts: () => scripts.clear(),
    reset() {
      journal.clear();
      scripts.reset();
      fixtures.reset();
      state.jobs.clear();
      dice.restart();
    },
  };
  const admin = options.admin ? adminRoutes(control, state.bearer) : undefined;

  function respond(req: MockRequest): MockResponse | Promise<MockResponse> {
    const health = healthAnswer(req);
    if (health) return health;
    if (admin !== undefined && req.path.startsWith(ADMIN_PREFIX)) return settled(req, () => admin(req));
    const slot = journal.record(req);
    const out = answer(req, slot);
    if (slot < 0) return out;
    return out instanceof Promise
      ? out.then((res) => journaledAnswer(journal, slot, req, res))
      : journaledAnswer(journal, slot, req, out);
  }

  function answer(req: MockRequest, slot: number): MockResponse | Promise<MockResponse> {
    if (scripts.size === 0 && fixtures.size === 0) return serve(req);
    let hit: ReturnType<ScriptStore['take']>;
    let recorded: ReturnType<FixtureStore['take']>;
    try {
      hit = scripts.size === 0 ? undefined : scripts.take(req);
      if (!hit) recorded = fixtures.size === 0 || parts.refusal(req) ? undefined : fixtures.take(req);
    } catch {
      return internalError(familyOf(req.path));
    }
    if (hit) {
      const { id, reply } = hit;
      journal.answeredBy(slot, id);
      return settled(req, () => answerScripted(reply, req, scripted));
    }
    if (recorded) {
      const fixture = recorded;
      journal.answeredBy(slot, fixture.id);
      return settled(req, () => fixtureResponse(fixture, options.replaySpeed, req.signal));
    }
    return serve(req);
  }

  const { addChecked: _, ...controls } = control;
  return {
    handle: (req) => {
      const out = respond(req);
      return out instanceof Promise ? out : Promise.resolve(out);
    },
    respond,
    ...controls,
    addScript: (script) => scripts.add(checkedOrThrow(script)),
  };
}

/** An answer that never throws: an unexpected exception is a JSON 500. */
function settled(req: MockRequest, answer: () => MockResponse | Promise<MockResponse>): Promise<MockResponse> {
  const failed = () => internalError(familyOf(req.path));
  try {
    return Promise.resolve(answer()).catch(failed);
  } catch {
    return Promise.resolve(failed());
  }
}
