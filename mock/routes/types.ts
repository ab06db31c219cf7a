/** @module What a route handler receives: the plain request, its path parameters and the mock's state. */
import type { PlanCache } from '../chat/plan-cache.js';
import type { Credential } from '../http/auth.js';
import type { ResolvedMockOptions } from '../options.js';
import type { RecordSource } from '../records/source.js';
import type { ChatReply } from '../scripts/types.js';
import type { JobStore } from '../store.js';
import type { MockRequest, MockResponse } from '../types.js';

export interface MockState {
  readonly options: ResolvedMockOptions;
  readonly jobs: JobStore;
  readonly records: RecordSource;
  readonly bearer: Credential;
  readonly basic: Credential;
  /** The chat answers of recent bodies (chat/plan-cache.ts). */
  readonly chatPlans: PlanCache;
}

export interface RouteContext {
  readonly req: MockRequest;
  readonly params: Readonly<Record<string, string>>;
  readonly state: MockState;
  /** The authenticated basic-auth user (`/v2`). */
  readonly user?: string | undefined;
  /** A scripted chat answer, given instead of the generated one once the request passed every check. */
  readonly reply?: ChatReply | undefined;
}

export type RouteHandler = (ctx: RouteContext) => MockResponse | Promise<MockResponse>;
