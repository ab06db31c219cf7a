/**
 * @module The mock's options and its in-process API: the core (plain data in and out, exchange.ts),
 * the web-standard adapter, and the test double: the request journal and scripted answers.
 */
import type { MockRequest, MockResponse } from './exchange.js';
import type { Fault } from './faults/types.js';
import type { Fixture } from './fixtures/types.js';
import type { JournalEntry } from './journal.js';
import type { Script, ScriptState } from './scripts/types.js';

export type { MockRequest, MockResponse } from './exchange.js';

/** Whose words the mock's refusal of a request over its context window uses (mock/chat/context-window.ts). */
export type ContextWording = 'vllm' | 'llamacpp';

export interface MockOptions {
  /** Bearer token for `/v1` (§5). Default: DEFAULT_TOKEN, or CONFORMANCE_TOKEN from the environment in the CLI. */
  token?: string;
  /** Basic credentials `user:pass` for `/v2` (§5). */
  basic?: string;
  /** Entity/project that hold seeded records. */
  entity?: string;
  project?: string;
  /** Records seeded per kind (predictions, scores) in the default project. */
  records?: number;
  /** Seed for the deterministic record data. */
  seed?: number;
  /**
   * The model the mock serves: listed by `GET /v1/models`, and named by a completion whose request
   * names none (a request naming another is still served under that name). Default `mock-model`.
   */
  model?: string;
  /** §7.1: the served model uses priority scheduling. */
  priorityScheduling?: boolean;
  /** Added latency per response, in ms. */
  latencyMs?: number;
  /**
   * Requests to the interface served at once; beyond it as many more wait their turn, and the rest
   * are shed with 429 and `Retry-After` (the conformant way to shed load). Default: no limit.
   */
  maxConcurrency?: number;
  /** Largest request body accepted (413 beyond). */
  maxBodyBytes?: number;
  /** Planted bugs: ids from mock/faults, or your own `defineFault(...)`. Off by default. */
  faults?: readonly (string | Fault)[];
  /** Random failures for client authors: rate in [0,1] of 429/500/503/mid-stream cuts. Off by default. */
  chaos?: number;
  /** Makes chaos repeatable: the same requests in the same order meet the same failures. Default: unseeded. */
  chaosSeed?: number;
  /** Scripted answers loaded at start (and put back by a reset): the scripts, or the path of a JSON file holding one or an array. */
  scripts?: readonly Script[] | string;
  /** Every event stream's first event this long after its headers, in ms. Default 0. */
  streamTtftMs?: number;
  /** Every event stream's later events this long after the one before, in ms. Default 0. */
  streamItlMs?: number;
  /** Serve the `/__mock/...` admin routes (journal, scripts, reset). Default true. */
  admin?: boolean;
  /** Requests the journal keeps (the oldest make room); 0 keeps none. Default 1,000. */
  journalSize?: number;
  /**
   * Answers recorded from a real server (`conformance proxy --record FILE --record-bodies`): the path
   * of that file. A request matching a recorded one (method, path and query, canonical JSON body) gets
   * the recorded answer, at the recorded pace; any other the mock's own.
   */
  fixtures?: string;
  /** Scales the recorded pace of the fixtures' streams: 2 serves them twice as fast. Default 1. */
  replaySpeed?: number;
  /**
   * A small deployment's context window, in the mock's tokens: a chat request whose prompt plus
   * requested completion exceeds it is refused with a 400 (mock/chat/context-window.ts). Default: none.
   */
  maxContextTokens?: number;
  /** Whose words that refusal uses: vLLM's or llama.cpp's. Default 'vllm'. */
  contextWording?: ContextWording;
}

/** The options with every default applied. */
export interface ResolvedMockOptions {
  readonly token: string;
  readonly basic: string;
  readonly entity: string;
  readonly project: string;
  readonly records: number;
  readonly seed: number;
  readonly model: string;
  readonly priorityScheduling: boolean;
  readonly latencyMs: number;
  /** Undefined: no limit. */
  readonly maxConcurrency: number | undefined;
  readonly maxBodyBytes: number;
  /** The planted faults' ids. */
  readonly faults: readonly string[];
  readonly chaos: number;
  readonly chaosSeed: number | undefined;
  /** The scripts loaded at start, read from their file if a path was given. */
  readonly scripts: readonly Script[];
  readonly streamTtftMs: number;
  readonly streamItlMs: number;
  readonly admin: boolean;
  readonly journalSize: number;
  /** The recorded answers, read from the `fixtures` file at start (none without one). */
  readonly fixtures: readonly Fixture[];
  readonly replaySpeed: number;
  /** Undefined: no context window. */
  readonly maxContextTokens: number | undefined;
  readonly contextWording: ContextWording;
}

export interface Mock {
  /** The core: plain data in and out. */
  handle(req: MockRequest): Promise<MockResponse>;
  /** Web-standard adapter, shaped like global `fetch` (so it can be an SDK's `fetch` option). */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  readonly options: ResolvedMockOptions;
  /** The request journal, oldest first (what `GET /__mock/requests` answers). */
  requests(): JournalEntry[];
  clearRequests(): void;
  /** Adds a scripted answer, tried before older ones; returns its id. Throws `ScriptError` (with the reason) for an invalid script. */
  addScript(script: Script): string;
  /** The active scripts, newest first, with how often each was used. */
  scripts(): ScriptState[];
  /** Removes one script; false when none has that id. */
  removeScript(id: string): boolean;
  clearScripts(): void;
  /** Journal, scripts (back to those loaded at start), training jobs and chaos's dice back to the start state. */
  reset(): void;
}
