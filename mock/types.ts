/** @module The mock's options and its in-process API. */
import type { MockRequest, MockResponse } from './exchange.js';
import type { OperationId } from '../src/core/operations.js';
import type { Fault } from './faults/types.js';
import type { Fixture } from './fixtures/types.js';
import type { JournalEntry } from './journal.js';
import type { Script, ScriptState } from './scripts/types.js';

export type { MockRequest, MockResponse } from './exchange.js';

/** Whose words the mock's refusal of a request over its context window uses (mock/chat/context-window.ts). */
export type ContextWording = 'vllm' | 'llamacpp';

/** How the mock counts a prompt: a token per word (a large vocabulary), or per character (a tiny one, as stories260K's). */
export type MockTokenizer = 'words' | 'characters';

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
  /** The model listed by `GET /v1/models` and named by a completion whose request names none. Default `mock-model`. */
  model?: string;
  /** §7.1: the served model uses priority scheduling. */
  priorityScheduling?: boolean;
  /** Added latency per response, in ms. */
  latencyMs?: number;
  /** Requests served at once; `maxQueued` more wait, the rest get 429 with `Retry-After`. Default: no limit. */
  maxConcurrency?: number;
  /** Requests that wait for a place beyond `maxConcurrency` (llama.cpp's slots queue them all). Default: as many as `maxConcurrency`. */
  maxQueued?: number;
  /** Largest request body accepted (413 beyond). */
  maxBodyBytes?: number;
  /** The parts (`chat`, `training`, `records`) or operation ids it serves; the others answer 404. Default: all. */
  serves?: readonly string[];
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
  /** Whole (not streamed) chat answers paced too: sent `streamTtftMs` plus `streamItlMs` per completion token late, as an engine generates them. Default false. */
  paceWholeAnswers?: boolean;
  /** Serve the `/__mock/...` admin routes (journal, scripts, reset). Default true. */
  admin?: boolean;
  /** Requests the journal keeps (the oldest make room); 0 keeps none. Default 1,000. */
  journalSize?: number;
  /** The file of answers recorded with `conformance proxy --record FILE --record-bodies`, replayed to matching requests. */
  fixtures?: string;
  /** Scales the recorded pace of the fixtures' streams: 2 serves them twice as fast. Default 1. */
  replaySpeed?: number;
  /** A context window in the mock's tokens: a prompt plus completion over it is refused with a 400. Default: none. */
  maxContextTokens?: number;
  /** Whose words that refusal uses: vLLM's or llama.cpp's. Default 'vllm'. */
  contextWording?: ContextWording;
  /** How prompts are tokenized (usage, prompt token ids, the context window): per word, or per character. Default 'words'. */
  tokenizer?: MockTokenizer;
}

/** Options with no default: undefined when not given. */
type Unset = 'maxConcurrency' | 'maxQueued' | 'chaosSeed' | 'maxContextTokens';

/** The options with every default applied: faults by id, scripts and fixtures read from their files. */
export type ResolvedMockOptions = Readonly<
  Required<Omit<MockOptions, Unset | 'faults' | 'serves' | 'scripts' | 'fixtures'>> & {
    [K in Unset]: MockOptions[K] | undefined;
  } & {
    faults: readonly string[];
    /** The operations served (every one unless `serves` said). */
    serves: readonly OperationId[];
    scripts: readonly Script[];
    fixtures: readonly Fixture[];
  }
>;

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
