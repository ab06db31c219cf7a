/* eslint-disable */
/**
 * GENERATED FILE, DO NOT EDIT. Source: schemas/**.json (the single source of truth).
 * Regenerate with `npm run generate`; `npm run check:generated` fails when this file drifts.
 * Generator: scripts/generate-types.ts (json-schema-to-typescript).
 */

/**
 * SHOULD level: the single-field limits vLLM enforces on top of §4.1 (conventions: 'Sampling'). Cross-field rules (top_logprobs needs logprobs, stream_options needs stream, §7 rules) live in code, not here.
 *
 * Convention (SHOULD level): vLLM sampling-parameter validation.
 */
export type ChatCompletionRequestConventions = ChatCompletionRequest & ChatCompletionRequestConventions1;
/**
 * An operation of the interface (§4.1–§4.8).
 */
export type ConformanceRunReportOperation =
  | 'chat.create'
  | 'training-jobs.create'
  | 'training-jobs.get'
  | 'trajectories.log'
  | 'predictions.list'
  | 'predictions.read'
  | 'scores.list'
  | 'scores.read';
/**
 * SHOULD level: limit and offset are non-negative in the evaluation-record service.
 *
 * Convention (SHOULD level): evaluation-record service list parameters.
 */
export type ListQueryConventions = ListQuery & ListQueryConventions1;
/**
 * SHOULD level: the FastAPI logging service requires split and trajectory_groups.
 *
 * Convention (SHOULD level): FastAPI training service request model.
 */
export type LogTrajectoriesRequestConventions = LogTrajectoriesRequest & LogTrajectoriesRequestConventions1;
/**
 * §4.4 success response: 'Body of a successful response: not shown'. Any JSON value is accepted; the bundled mock answers an object of computed metrics.
 *
 * Interface: §4.4.
 */
export type LogTrajectoriesResponse = unknown;
/**
 * Not in the interface: the evaluation-record service answers an unknown id with {reason}; FastAPI services answer {detail: string}. Either is accepted.
 *
 * Convention (SHOULD level): evaluation-record service / FastAPI 404 body.
 */
export type NotFoundError =
  | {
      reason: string;
      [k: string]: unknown;
    }
  | {
      detail: string;
      [k: string]: unknown;
    }
  | OpenAIErrorEnvelope;
/**
 * Not in the interface: the OpenAI error envelope that vLLM answers for chat validation failures (convention). Older vLLM versions answer the flat {object: 'error', message} form, also accepted.
 *
 * Convention (SHOULD level): OpenAI error envelope.
 */
export type OpenAIErrorEnvelope =
  | {
      error: {
        message: string;
        type?: string | null;
        param?: string | null;
        code?: string | number | null;
        [k: string]: unknown;
      };
      [k: string]: unknown;
    }
  | {
      object: 'error';
      message: string;
      [k: string]: unknown;
    };
/**
 * §4.5: the illustrative body is an array of Prediction objects; on the wire the list is JSONL, one Prediction per line.
 *
 * Interface: §4.5.
 */
export type PredictionList = Prediction[];
/**
 * §4.7: the illustrative body is an array of Score objects; on the wire the list is JSONL, one Score per line.
 *
 * Interface: §4.7.
 */
export type ScoreList = Score[];

export interface ChatCompletionAnnotation {
  type?: string;
  url_citation?: {
    end_index?: number;
    start_index?: number;
    title?: string;
    url?: string;
    [k: string]: unknown;
  };
  [k: string]: unknown;
}
/**
 * Interface: §4.1.
 */
export interface ChatCompletionChoice {
  index?: number;
  message?: ChatCompletionResponseMessage;
  logprobs?: ChatCompletionChoiceLogprobs | null;
  finish_reason?: string | null;
  /**
   * Stated as integer; the ecosystem's servers also put the matched stop string here, or null (decisions/0001).
   */
  stop_reason?: number | string | null;
  token_ids?: number[] | null;
  [k: string]: unknown;
}
/**
 * Interface: §4.1.
 */
export interface ChatCompletionResponseMessage {
  role?: string;
  content?: string | null;
  refusal?: string | null;
  /**
   * Stated as an object; OpenAI-style servers send an array of such objects (decisions/0001).
   */
  annotations?: ChatCompletionAnnotation | ChatCompletionAnnotation[] | null;
  audio?: {
    id?: string;
    data?: string;
    expires_at?: number;
    transcript?: string;
    [k: string]: unknown;
  } | null;
  function_call?: {
    name?: string;
    arguments?: string;
    [k: string]: unknown;
  } | null;
  tool_calls?:
    | {
        id?: string;
        type?: 'function';
        function?: {
          name?: string;
          arguments?: string;
          [k: string]: unknown;
        };
        [k: string]: unknown;
      }[]
    | null;
  reasoning?: string | null;
  [k: string]: unknown;
}
/**
 * Interface: §4.1.
 */
export interface ChatCompletionChoiceLogprobs {
  content?:
    | {
        token?: string;
        logprob?: number;
        bytes?: number[] | null;
        top_logprobs?: ChatCompletionTokenLogprob[];
        [k: string]: unknown;
      }[]
    | null;
  [k: string]: unknown;
}
export interface ChatCompletionTokenLogprob {
  token?: string;
  logprob?: number;
  bytes?: number[] | null;
  [k: string]: unknown;
}
/**
 * Not shown in the interface (§4.1: 'Shape of the chunks sent when stream is true: not shown'). This is the OpenAI chat.completion.chunk convention that vLLM follows; checks built on it are SHOULD.
 *
 * Interface: §4.1. Convention (SHOULD level): OpenAI chat.completion.chunk streaming format.
 */
export interface ChatCompletionChunk {
  id?: string;
  object?: 'chat.completion.chunk';
  created?: number;
  model?: string;
  choices: {
    index: number;
    delta: {
      role?: string | null;
      content?: string | null;
      reasoning?: string | null;
      tool_calls?: unknown[] | null;
      [k: string]: unknown;
    };
    logprobs?: {
      [k: string]: unknown;
    } | null;
    finish_reason?: string | null;
    stop_reason?: number | string | null;
    token_ids?: number[] | null;
    [k: string]: unknown;
  }[];
  usage?: ChatCompletionUsage | null;
  prompt_token_ids?: number[] | null;
  [k: string]: unknown;
}
/**
 * Interface: §4.1.
 */
export interface ChatCompletionUsage {
  prompt_tokens?: number;
  total_tokens?: number;
  completion_tokens?: number | null;
  prompt_tokens_details?: {
    cached_tokens?: number | null;
    [k: string]: unknown;
  } | null;
  [k: string]: unknown;
}
/**
 * §4.1 request body of POST /v1/chat/completions. Only `messages` is required. Unknown fields are open (OpenAI-compatible servers ignore them).
 *
 * Interface: §4.1.
 */
export interface ChatCompletionRequest {
  /**
   * Interface: §4.1.
   */
  messages: ChatMessage[];
  /**
   * Interface: §4.1.
   */
  model?: string | null;
  /**
   * Interface: §4.1. Default: `0`.
   */
  frequency_penalty?: number | null;
  /**
   * Interface: §4.1.
   */
  logit_bias?: {
    [k: string]: unknown;
  };
  /**
   * Interface: §4.1. Default: `false`.
   */
  logprobs?: boolean | null;
  /**
   * Interface: §4.1. Default: `0`.
   */
  top_logprobs?: number | null;
  /**
   * @deprecated
   * Interface: §4.1, §9.
   */
  max_tokens?: number | null;
  /**
   * Interface: §4.1.
   */
  max_completion_tokens?: number | null;
  /**
   * Interface: §4.1. Default: `1`.
   */
  n?: number | null;
  /**
   * Interface: §4.1. Default: `0`.
   */
  presence_penalty?: number | null;
  /**
   * Interface: §4.1.
   */
  response_format?: {
    type?: string;
    json_schema?: {
      name?: string;
      description?: string;
      schema?: {
        [k: string]: unknown;
      };
      strict?: boolean;
      [k: string]: unknown;
    };
    [k: string]: unknown;
  };
  /**
   * §8 prints the bounds as ±9223372036854776000, a floating-point rendering of the signed 64-bit limits.
   *
   * Interface: §4.1, §8.
   */
  seed?: number | null;
  /**
   * Interface: §4.1. Default: `[]`.
   */
  stop?: string[];
  /**
   * Interface: §4.1. Default: `false`.
   */
  stream?: boolean | null;
  /**
   * Interface: §4.1.
   */
  stream_options?: {
    include_usage?: boolean;
    continuous_usage_stats?: boolean;
    [k: string]: unknown;
  };
  /**
   * Interface: §4.1.
   */
  temperature?: number | null;
  /**
   * Interface: §4.1.
   */
  top_p?: number | null;
  /**
   * Interface: §4.1.
   */
  tools?:
    | {
        type?: 'function';
        function?: {
          name?: string;
          description?: string;
          parameters?: {
            [k: string]: unknown;
          };
          [k: string]: unknown;
        };
        [k: string]: unknown;
      }[]
    | null;
  /**
   * The only allowed value is `none`.
   *
   * Interface: §4.1. Default: `"none"`.
   */
  tool_choice?: 'none';
  /**
   * Interface: §4.1.
   */
  reasoning_effort?: 'low' | 'medium' | 'high' | null;
  /**
   * Interface: §4.1. Default: `true`.
   */
  include_reasoning?: boolean;
  /**
   * Interface: §4.1. Default: `true`.
   */
  parallel_tool_calls?: boolean | null;
  /**
   * Interface: §4.1.
   */
  user?: string | null;
  /**
   * Interface: §4.1.
   */
  use_beam_search?: boolean;
  /**
   * Interface: §4.1.
   */
  top_k?: number | null;
  /**
   * Interface: §4.1.
   */
  min_p?: number | null;
  /**
   * Interface: §4.1.
   */
  repetition_penalty?: number | null;
  /**
   * Interface: §4.1. Default: `1`.
   */
  length_penalty?: number;
  /**
   * Interface: §4.1.
   */
  stop_token_ids?: number[] | null;
  /**
   * Interface: §4.1. Default: `false`.
   */
  include_stop_str_in_output?: boolean;
  /**
   * Interface: §4.1. Default: `false`.
   */
  ignore_eos?: boolean;
  /**
   * Interface: §4.1. Default: `0`.
   */
  min_tokens?: number;
  /**
   * Interface: §4.1. Default: `true`.
   */
  skip_special_tokens?: boolean;
  /**
   * Interface: §4.1. Default: `true`.
   */
  spaces_between_special_tokens?: boolean;
  /**
   * Interface: §4.1, §8.
   */
  truncate_prompt_tokens?: number | null;
  /**
   * Interface: §4.1.
   */
  prompt_logprobs?: number | null;
  /**
   * Interface: §4.1.
   */
  allowed_token_ids?: number[] | null;
  /**
   * Interface: §4.1.
   */
  bad_words?: string[];
  /**
   * Interface: §4.1. Default: `false`.
   */
  echo?: boolean;
  /**
   * Interface: §4.1, §7. Default: `true`.
   */
  add_generation_prompt?: boolean;
  /**
   * Interface: §4.1, §7. Default: `false`.
   */
  continue_final_message?: boolean;
  /**
   * Interface: §4.1. Default: `false`.
   */
  add_special_tokens?: boolean;
  /**
   * Interface: §4.1.
   */
  documents?:
    | {
        [k: string]: unknown;
      }[]
    | null;
  /**
   * Interface: §4.1.
   */
  chat_template?: string | null;
  /**
   * Interface: §4.1.
   */
  chat_template_kwargs?: {
    [k: string]: unknown;
  };
  /**
   * Interface: §4.1.
   */
  mm_processor_kwargs?: {
    [k: string]: unknown;
  };
  /**
   * Interface: §4.1.
   */
  structured_outputs?: {
    json?: string;
    regex?: string;
    choice?: string[];
    grammar?: string;
    json_object?: boolean;
    disable_fallback?: boolean;
    disable_any_whitespace?: boolean;
    disable_additional_properties?: boolean;
    whitespace_pattern?: string;
    structural_tag?: string;
    _backend?: string;
    _backend_was_auto?: boolean;
    [k: string]: unknown;
  };
  /**
   * Lower means earlier handling; non-zero is an error without priority scheduling (§7.1).
   *
   * Interface: §4.1, §7. Default: `0`.
   */
  priority?: number;
  /**
   * Default: a generated random UUID. Returned in the response.
   *
   * Interface: §4.1.
   */
  request_id?: string;
  /**
   * Interface: §4.1.
   */
  return_tokens_as_token_ids?: boolean | null;
  /**
   * Interface: §4.1.
   */
  return_token_ids?: boolean | null;
  /**
   * Interface: §4.1, §8.
   */
  cache_salt?: string | null;
  /**
   * Interface: §4.1.
   */
  kv_transfer_params?: {
    [k: string]: unknown;
  };
  /**
   * Interface: §4.1.
   */
  engine_xargs?: {
    [k: string]: string | number | (string | number)[];
  };
  /**
   * Interface: §4.1.
   */
  repetition_detection?: {
    max_pattern_size?: number;
    min_pattern_size?: number;
    min_count?: number;
    [k: string]: unknown;
  };
  [k: string]: unknown;
}
/**
 * §2.5: one element of `messages` (developer, system, user, assistant, tool, function, custom or generic). Only the common shape is stated; kind-specific fields are open.
 *
 * Interface: §2.5.
 */
export interface ChatMessage {
  /**
   * Message kind: developer, system, user, assistant, tool, function, custom, or any role (generic message).
   *
   * Interface: §2.5.
   */
  role: string;
  /**
   * Stated as a string. Content-part arrays (OpenAI convention) and null (assistant messages with tool calls) are also accepted.
   *
   * Interface: §2.5.
   */
  content?:
    | string
    | {
        [k: string]: unknown;
      }[]
    | null;
  /**
   * Interface: §2.5.
   */
  name?: string;
  [k: string]: unknown;
}
export interface ChatCompletionRequestConventions1 {
  /**
   * @minItems 1
   */
  messages?: unknown[];
  n?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  min_p?: number | null;
  presence_penalty?: number | null;
  frequency_penalty?: number | null;
  repetition_penalty?: number | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  min_tokens?: number;
  top_logprobs?: number | null;
  stop?: string[];
  cache_salt?: string | null;
  top_k?: null | (-1 | 0) | number;
  structured_outputs?: {
    /**
     * @minItems 1
     */
    choice?: unknown[];
    [k: string]: unknown;
  };
  repetition_detection?: {
    max_pattern_size?: number;
    min_pattern_size?: number;
    min_count?: number;
    [k: string]: unknown;
  };
  [k: string]: unknown;
}
/**
 * §4.1 success response. Required: model, choices, usage (the only required-ness stated). Open to extra fields. Optional fields also accept null: the servers this interface comes from serialise an unset optional field as null (decisions/0001).
 *
 * Interface: §4.1.
 */
export interface ChatCompletionResponse {
  /**
   * Interface: §4.1.
   */
  model: string;
  /**
   * Interface: §4.1.
   */
  choices: ChatCompletionChoice[];
  usage: ChatCompletionUsage;
  /**
   * Interface: §4.1.
   */
  id?: string | null;
  /**
   * Interface: §4.1. Default: `"chat.completion"`.
   */
  object?: 'chat.completion' | null;
  /**
   * Interface: §4.1.
   */
  created?: number | null;
  /**
   * Interface: §4.1.
   */
  service_tier?: 'auto' | 'default' | 'flex' | 'scale' | 'priority' | null;
  /**
   * Interface: §4.1.
   */
  system_fingerprint?: string | null;
  /**
   * Interface: §4.1.
   */
  prompt_logprobs?:
    | ({
        [k: string]: unknown;
      } | null)[]
    | null;
  /**
   * Interface: §4.1.
   */
  prompt_token_ids?: number[] | null;
  /**
   * Interface: §4.1.
   */
  kv_transfer_params?: {
    [k: string]: unknown;
  } | null;
  [k: string]: unknown;
}
/**
 * The findings baseline read by `conformance run`, `proxy`, `run --replay` and `merge` with `--baseline FILE`, and written by `--baseline-update`: the findings a team has accepted for now, each by its fingerprint (the check id and what tells its cause from another), with why, until when, and when it was first and last seen. A finding not listed gates as new; a listed one is known and does not gate until it expires; a listed one whose deterministic check now passes is stale and gates until pruned (`--baseline-prune`).
 */
export interface ConformanceBaseline {
  /**
   * Optional pointer to this schema, for editors.
   */
  $schema?: string;
  /**
   * Format version of this file.
   */
  version: 1;
  /**
   * The catalogue release whose checks are scored (`--requirements`): the one the baseline was written with, so that a suite upgrade changes no gate until the team moves it.
   */
  requirements?: string;
  entries: {
    /**
     * The check id, then (after a space) the cause: the body's field and kind of breakage, the answer's status class. A fingerprint equal to the check id accepts every finding of that check (an `--expect` file reads so).
     */
    fingerprint: string;
    /**
     * The check id (`conformance list`).
     */
    check: string;
    /**
     * The finding in one line, as last seen.
     */
    summary?: string;
    /**
     * Why it is accepted for now (a ticket, a decision): shown next to the known finding in every report.
     */
    reason: string;
    /**
     * Where the fix is tracked.
     */
    ticket?: string;
    /**
     * The last day the entry holds (YYYY-MM-DD, UTC); after it the finding gates again, named expired.
     */
    expires?: string;
    /**
     * The day the finding was first written (YYYY-MM-DD, UTC).
     */
    first_seen?: string;
    /**
     * The last day a run showed it (YYYY-MM-DD, UTC).
     */
    last_seen?: string;
  }[];
}
/**
 * conformance.config.json: everything the `conformance run` flags hold except secrets (they come from CONFORMANCE_TOKEN / CONFORMANCE_BASIC or the flags). Flags override the file. Report files are keyed by format name (the formats of reporters/registry.ts: "junit": "out.xml"), checked by the CLI, not listed here.
 */
export interface ConformanceConfig {
  $schema?: string;
  /**
   * `--target`: base URL of a deployment (repeat to compare several side by side; default the bundled mock, on a thread of its own). Each a URL, or {"url", "label"}: the label names the target in reports.
   *
   * @minItems 1
   */
  targets?: (
    | string
    | {
        url: string;
        label?: string;
      }
  )[];
  /**
   * `--entity`: the entity the evaluation records live in (default acme).
   */
  entity?: string;
  /**
   * `--project`: the project the evaluation records live in (default evals).
   */
  project?: string;
  /**
   * `--model`: model name sent in chat requests (against the bundled mock, default mock-model).
   */
  model?: string;
  /**
   * `--model-id`: model id for training jobs and trajectory logging (default 3f2c9a1e-7b4d-4c8e-9f10-2a6b5c7d8e90, a model the bundled mock knows).
   */
  modelId?: string;
  /**
   * `--level`: gate on MUST only or on MUST and SHOULD (default must, with --replay too).
   */
  level?: 'must' | 'should';
  /**
   * `--seed`: fixes every generated case (default: a random one; printed in every report).
   */
  seed?: number;
  /**
   * `--runs`: cases per property (default 25).
   */
  runs?: number;
  /**
   * `--timeout`: per-request deadline (default 10000; with --replay, 60000).
   */
  timeoutMs?: number;
  /**
   * `--deadline`: whole-run deadline (default: the worst case the plan allows, printed at the start).
   */
  deadlineMs?: number;
  /**
   * `--concurrency`: checks in flight, each sending one request at a time (default 10).
   */
  concurrency?: number;
  /**
   * `--retries`: retries of 429/503 honouring Retry-After (default 2).
   */
  retries?: number;
  /**
   * `--max-body-bytes`: most bytes read of one response (default 4 MiB).
   */
  maxBodyBytes?: number;
  /**
   * `--list-cap`: most records read from one listing (default 10000).
   */
  listReadCap?: number;
  /**
   * `--max-completion-tokens`: largest completion a chat case asks for (default 16).
   */
  maxCompletionTokens?: number;
  /**
   * `--max-context`: the deployment's context window: positive chat cases are kept within it, and one that cannot fit is a skip (default: learned from the first refusal that names it).
   */
  maxContextTokens?: number;
  /**
   * `--recover-timeout`: how long to wait for a target that went down to come back (1500, 30s; default 30 s; 0: end the run).
   */
  recoverTimeoutMs?: number | string;
  /**
   * `--no-crash-replay`: do not send the requests in flight again (alone, then at once) to find and shrink what brought the target down (a shared server).
   */
  noCrashReplay?: boolean;
  /**
   * `--load-burst`: chat requests the checks under load send at once, at most --concurrency (default 8, at most 32).
   */
  loadBurst?: number;
  /**
   * `--allow-writes`: run checks with side effects (create jobs, log trajectories); always on against the bundled mock.
   */
  allowWrites?: boolean;
  /**
   * `--max-writes`: most requests with side effects a real target may answer 2xx (training jobs created, trajectories logged; default 10; the bundled mock has no budget).
   */
  maxWrites?: number;
  /**
   * `--priority-scheduling`: the served model uses priority scheduling (§7.1).
   */
  priorityScheduling?: boolean;
  listParams?: {
    /**
     * `--param-evaluation-run-id`: query parameter name of the evaluation run id in the list endpoints (not fixed by the spec; default evaluation_run_id).
     */
    evaluationRunId?: string;
    /**
     * `--param-limit`: query parameter name of the page size in the list endpoints (not fixed by the spec; default limit).
     */
    limit?: string;
    /**
     * `--param-offset`: query parameter name of the offset in the list endpoints (not fixed by the spec; default offset).
     */
    offset?: string;
  };
  /**
   * `--accept-encoding`: Accept-Encoding of every request, answers decoded as they come (default "gzip, deflate", as the openai SDK sends; identity: none).
   */
  acceptEncoding?: string;
  /**
   * `--header`: added to every request (repeatable; or env CONFORMANCE_HEADER_<NAME>); values of secret-named headers (key, token, secret...) are redacted. An object of names and values, e.g. an API gateway's tenant header. Headers whose names carry a secret (authorization, cookie, or containing key, token, secret, password) are refused here: pass them with --header or CONFORMANCE_HEADER_<NAME>.
   */
  headers?: {
    [k: string]: string;
  };
  /**
   * `--proxy`: forward proxy (or env CONFORMANCE_PROXY; default HTTPS_PROXY / HTTP_PROXY, with NO_PROXY); credentials in the URL are redacted. Here without credentials: a proxy URL with them goes in --proxy or CONFORMANCE_PROXY.
   */
  proxy?: string;
  /**
   * `--ca-cert`: PEM CA to trust besides the system's (a private CA).
   */
  caCert?: string;
  /**
   * `--client-cert`: a client certificate for an mTLS front (PEM, with --client-key). With clientKey.
   */
  clientCert?: string;
  /**
   * `--client-key`: the private key of --client-cert (PEM).
   */
  clientKey?: string;
  /**
   * `--insecure`: do not verify TLS certificates (every report says so).
   */
  insecure?: boolean;
  /**
   * `--serves`: what the deployment serves: parts (chat, training, records) or operation ids; the checks of the rest are not run and coverage is measured over these (default: every operation, the preflight naming any not served).
   *
   * @minItems 1
   */
  serves?: (
    | 'chat'
    | 'training'
    | 'records'
    | 'chat.create'
    | 'training-jobs.create'
    | 'training-jobs.get'
    | 'trajectories.log'
    | 'predictions.list'
    | 'predictions.read'
    | 'scores.list'
    | 'scores.read'
  )[];
  /**
   * `--only`: run only matching checks (repeat or comma-separate).
   */
  only?: string[];
  /**
   * `--skip`: leave matching checks out.
   */
  skip?: string[];
  /**
   * `--shard`: run the K-th of N deterministic slices of the catalogue.
   */
  shard?: string;
  /**
   * `--expect`: deprecated: known failures (check id + reason), read as a --baseline of whole checks.
   */
  expect?: string;
  /**
   * `--min-coverage`: not conformant unless the run covers at least N% of the coverage model (see 'conformance coverage').
   */
  minCoverage?: number;
  /**
   * `--allow-gaps`: MUST checks selected but not judged that still let the run exit 0 (CONFORMANT WITH GAPS): writes, write-budget, not-served, skipped, blocked; any other such check makes it COULD NOT JUDGE, exit 3.
   */
  allowGaps?: ('writes' | 'write-budget' | 'not-served' | 'skipped' | 'blocked')[];
  /**
   * `--baseline`: accepted findings, by fingerprint (schemas/report/baseline.json): a finding not in it gates as new; an entry stale or expired gates.
   */
  baseline?: string;
  /**
   * `--requirements`: score the checks of this catalogue release and the ones before (default: the baseline's, else the newest); newer checks run and are reported, never gating.
   */
  requirements?: string;
  /**
   * `--slo`: service-level objectives, each a MUST result of its own (slo.<metric>-p<N>): ttft-p95=500ms,itl-p99=50ms,e2e-p95=5s; ttft, itl, e2e of streamed chat completions, latency of plain ones; a bound in ms or s. Too few samples for the percentile (p95: 20, p99: 100) make it indeterminate (CTS_SLO_INDETERMINATE), not a pass.
   */
  slo?: string;
}
/**
 * The known-failures file read by `conformance run --expect FILE`. A listed check that fails does not fail the gate; a listed check that passes is reported so the list can shrink; a failure not listed fails the gate.
 */
export interface ConformanceExpectations {
  /**
   * Optional pointer to this schema, for editors.
   */
  $schema?: string;
  /**
   * Format version of this file.
   */
  version: 1;
  expectedFailures: {
    /**
     * A check id, `<area>.<rule>` (see `conformance list`).
     */
    id: string;
    /**
     * Why the target fails it (a ticket, a decision): shown next to the known failure in every report.
     */
    reason: string;
  }[];
}
/**
 * The JSON report of a conformance run (`conformance run --json FILE`): one entry per target, each with every check result and its evidence. Versioned by `schemaVersion` (major.minor): a new optional field bumps the minor, anything that can break a reader bumps the major. Every evidence string is redacted before it is written: secrets appear as `$CONFORMANCE_TOKEN`, `$CONFORMANCE_BASIC` or `***`.
 */
export interface ConformanceRunReport {
  /**
   * Version of this document's shape.
   */
  schemaVersion: '1.5';
  /**
   * One report per target, in the order the targets were given.
   */
  reports: ConformanceRunReportRunReport[];
}
/**
 * One target's run.
 */
export interface ConformanceRunReportRunReport {
  /**
   * Same as the document's `schemaVersion`.
   */
  schemaVersion: '1.5';
  /**
   * The suite that produced the report.
   */
  tool: {
    name: string;
    version: string;
  };
  /**
   * Base URL of the target, credentials never included, or `bundled-mock (http://127.0.0.1:PORT)`.
   */
  target: string;
  /**
   * Short label of the target (matrix column).
   */
  targetLabel: string;
  /**
   * When the run started (RFC 3339).
   */
  startedAt: string;
  /**
   * Wall-clock duration of the run in milliseconds.
   */
  durationMs: number;
  /**
   * The run's seed: the same seed regenerates the same cases.
   */
  seed: number;
  /**
   * fast-check runs per property.
   */
  runs: number;
  /**
   * Gating level: `must` gates on MUST failures and errors only, `should` on MUST and SHOULD. INFO never gates; an error at a level not gated on does not gate either.
   */
  level: 'must' | 'should';
  /**
   * Most completion tokens the chat cases could ask for in total.
   */
  tokenBudget: number;
  /**
   * The deployment's limits the run kept its cases within. `contextTokens`: the context window in tokens the positive chat cases were fitted to (absent when none was known); `source`: where it came from (`flag`: --max-context; `learned`: the target's own refusal naming its window; `none`: not known, cases drawn unbounded). `charsPerToken`: the deployment's characters per token, when its own counts showed fewer than the suite's estimate of 3 (a small vocabulary), by which the cases were fitted; `charsPerTokenSource`: what showed it (`usage`: the prompt_tokens of earlier answers against their prompts; `refusal`: the tokens a refusal for size counted).
   */
  limits?: {
    contextTokens?: number;
    source: 'flag' | 'learned' | 'none';
    charsPerToken?: number;
    charsPerTokenSource?: 'usage' | 'refusal';
  };
  /**
   * Command line that reproduces the whole run (secrets excluded).
   */
  replay: string;
  /**
   * Every check result, in catalogue order.
   */
  results: ConformanceRunReportCheckResult[];
  summary: ConformanceRunReportRunSummary;
  /**
   * Present when writes were allowed: the write budget (null: none, the bundled mock), the requests with side effects answered 2xx, and what they created, so a user can clean up.
   */
  writes?: {
    max: number | null;
    count: number;
    created: {
      operation: string;
      /**
       * The created training job's id, or the model the trajectories were logged for.
       */
      id?: string;
    }[];
  };
  /**
   * Present when (part of) the target could not be judged: unreachable (by network, through its forward proxy, or over TLS), refusing the configured credentials, or answering with something that is not the interface (an HTML or text wall, a redirect to a login page). The checks of the path families named were not run (they are skips saying so), and unless a judged check fails the gate the verdict is COULD NOT JUDGE (exit 3). `CTS_INTERRUPTED`: a SIGINT or SIGTERM stopped the run (or the proxy) before it was done; the checks not run are skips saying `not run: interrupted`, the reason says how many were run, and the exit code is 4 whatever the verdict. `CTS_GATEWAY_WALL`: every preflight probe met the same 502/503/504 page of a gateway (the deployment behind it was not reached). `CTS_TARGET_DOWN`: the target stopped answering during the run and did not come back (the checks left are skips saying so). `CTS_RUN_DEADLINE`: the run deadline kept more than half of the selected checks from being judged. `CTS_NO_TRAFFIC`: no exchange of the interface came through the proxy (or the replay), so nothing was judged.
   */
  unjudged?: {
    code:
      | 'CTS_TARGET_UNREACHABLE'
      | 'CTS_CREDENTIALS_REFUSED'
      | 'CTS_GATEWAY_REFUSED'
      | 'CTS_NOT_THE_INTERFACE'
      | 'CTS_PROXY_FAILED'
      | 'CTS_TLS_UNTRUSTED'
      | 'CTS_TLS_EXPIRED'
      | 'CTS_TLS_WRONG_HOST'
      | 'CTS_TLS_CLIENT_CERT_REQUIRED'
      | 'CTS_TLS_HANDSHAKE'
      | 'CTS_INTERRUPTED'
      | 'CTS_NO_TRAFFIC'
      | 'CTS_GATEWAY_WALL'
      | 'CTS_TARGET_DOWN'
      | 'CTS_RUN_DEADLINE';
    reason: string;
    families: ('bearer' | 'basic')[];
  };
  coverage?: ConformanceRunReportCoverage;
  origin?: ConformanceRunReportReportOrigin;
  pairs?: ConformanceRunReportPairHalves;
  /**
   * `--requirements`: the catalogue release whose checks are scored; checks added since are `unscored`.
   */
  requirements?: string;
  baseline?: ConformanceRunReportBaselineOutcome;
  /**
   * What the deployment serves: `served` the operations judged; `declared` when `--serves` said it (the others out of scope), else `notServed` the operations the probes found missing, whose checks were not run (a gap of kind `not-served`). Coverage is measured over the served operations.
   */
  scope?: {
    served: ConformanceRunReportOperation[];
    notServed: ConformanceRunReportOperation[];
    declared: boolean;
  };
  /**
   * Time per operation (keyed by its id, as `Operation` names them; since 1.4), of the exchanges answered 2xx: for streamed chat answers time to first token, inter-token latency, end-to-end latency and output tokens per second; for the others latency. Each distribution carries its sketch, so that `conformance merge` recomputes exact percentiles over several reports. docs/timing.md maps the names to vLLM's and OpenTelemetry's.
   */
  timing?: {
    [k: string]: ConformanceRunReportOperationTiming;
  };
  /**
   * The service-level objectives the run was asked to judge (`--slo`, since 1.4), each judged as a result `slo.<id>`; kept so that a merged report judges them again on the merged timing.
   */
  objectives?: ConformanceRunReportObjective[];
  /**
   * How the run reached the target when not plainly: through a forward proxy, trusting a private CA, presenting a client certificate, adding headers of its own, or without verifying TLS certificates (insecure: every report warns). No secret is in the description.
   */
  connection?: {
    description: string;
    insecure: boolean;
  };
}
/**
 * One check's result: its identity, outcome, timing and evidence.
 */
export interface ConformanceRunReportCheckResult {
  /**
   * Stable check id, `<area>.<rule>`.
   */
  id: string;
  operation: ConformanceRunReportOperation;
  /**
   * The spec section the rule rests on, like `§4.1`.
   */
  section: string;
  /**
   * MUST: the interface states it. SHOULD: a convention (see `convention`). INFO: an observation, never failing.
   */
  level: 'MUST' | 'SHOULD' | 'INFO';
  /**
   * The rule in one sentence.
   */
  requirement: string;
  /**
   * For SHOULD (and INFO built on one): the convention followed.
   */
  convention?: string;
  /**
   * `fail`: the target broke the rule. `error`: the suite could not judge. Both gate (unless listed as known).
   */
  status: 'pass' | 'fail' | 'skip' | 'error';
  /**
   * Fail (or an INFO observation): what the rule requires, concretely for this case.
   */
  expected?: string;
  /**
   * Fail: what the target did.
   */
  actual?: string;
  /**
   * Skip: why the check did not run.
   */
  reason?: string;
  /**
   * Error: a stable `CTS_*` code.
   */
  errorCode?: string;
  /**
   * Error: one line, no stack.
   */
  message?: string;
  notes?: string[];
  durationMs: number;
  /**
   * Present when the check was added after the requirement set scored (`--requirements`): it ran and is reported, never gating.
   */
  unscored?: {
    /**
     * The catalogue release that added the check.
     */
    since: string;
  };
  /**
   * Failures: the check id and what tells this failure's cause from another (the body's field and kind of breakage, the answer's status class), stable across seeds: what a baseline entry names.
   */
  fingerprint?: string;
  /**
   * Present when the baseline (or an `--expect` file) accepts this failure: it does not gate.
   */
  expectedFailure?: {
    reason: string;
    /**
     * The entry that accepted it.
     */
    fingerprint?: string;
    ticket?: string;
    expires?: string;
  };
  /**
   * INFO only: the check observed what its requirement describes not holding (see expected/actual). Written with status `pass`: INFO never fails.
   */
  observed?: true;
  /**
   * On a skip: the id of the operation's root check whose failure kept this check from judging its own rule (its failure only restated the broken baseline).
   */
  blockedBy?: string;
  /**
   * Proxy and replay results (since 1.4): the exchanges the rule was judged on, how many broke it and how many the server did not answer completely, and when the exchange the evidence shows (the first breach, or without one the first unanswered exchange) was seen. `conformance merge` sums the counts and keeps the earliest evidence.
   */
  exchanges?: {
    judged: number;
    broken: number;
    unanswered: number;
    firstAt?: string;
  };
  evidence?: ConformanceRunReportEvidence;
}
/**
 * What a person needs to reproduce the result. Every string is redacted.
 */
export interface ConformanceRunReportEvidence {
  request?: {
    method: string;
    url: string;
    headers: ConformanceRunReportHeaders;
    body?: string;
  };
  response?: {
    status: number;
    headers: ConformanceRunReportHeaders;
    /**
     * The body, cut at the configured cap.
     */
    excerpt: string;
    truncated: boolean;
  };
  /**
   * Copy-paste curl line; secrets as `$CONFORMANCE_TOKEN` / `$CONFORMANCE_BASIC`.
   */
  curl?: string;
  seed: number;
  /**
   * fast-check replay path of the shrunk counterexample.
   */
  path?: string;
  /**
   * The shrunk minimal counterexample of a property (any JSON; a bigint is written as digits with an `n` suffix).
   */
  counterexample?: unknown;
  /**
   * The command that re-runs only this check: `conformance run --only <check-id> --seed <seed> ...`.
   */
  replay: string;
}
export interface ConformanceRunReportHeaders {
  [k: string]: string;
}
/**
 * Counts over `results` (each result in exactly one of passed, failed, errored, skipped, expectedFailures) and the verdict at the gating level.
 */
export interface ConformanceRunReportRunSummary {
  total: number;
  /**
   * Passes, INFO observations included (INFO never fails).
   */
  passed: number;
  /**
   * MUST and SHOULD failures not listed as known (whether they gate depends on `level`).
   */
  failed: number;
  /**
   * Harness errors: the suite could not judge (timeout, refused, garbage).
   */
  errored: number;
  skipped: number;
  /**
   * Failures the baseline accepts (`--baseline`, or an `--expect` file); they do not gate.
   */
  expectedFailures: number;
  /**
   * Baseline entries (fingerprints) whose deterministic check now passes: stale, remove them (`--baseline-prune`).
   */
  unexpectedPasses: string[];
  /**
   * No gating failure and no error at the gating level, every family judged (no `unjudged`), coverage at least `minCoverage.required` when given, and every MUST check selected judged unless its gap is of a kind in `allowedGaps`.
   */
  conformant: boolean;
  /**
   * The `--min-coverage` gate (since 1.1): the coverage percent required, and whether the run met it (a run below it is not conformant).
   */
  minCoverage?: {
    required: number;
    met: boolean;
  };
  /**
   * The `--allow-gaps` kinds (since 1.5): MUST checks selected but not judged for these reasons do not stop the run from being conformant (CONFORMANT WITH GAPS); any other such check makes it COULD NOT JUDGE. `writes`: writes off; `write-budget`: `--max-writes` spent; `skipped`: the check found nothing to judge; `not-served`: the operation is not served (see `scope`); `blocked`: a failing baseline blocked it.
   */
  allowedGaps?: ('writes' | 'write-budget' | 'not-served' | 'skipped' | 'blocked')[];
}
/**
 * What the run exercised (since 1.1). Items are derived from the schemas: every request field sent in an accepted request (chat: streamed and not), sent breaking its constraint in a rejected one, every named value and documented bound, every response field observed, every auth presentation per operation, every record read and listing tried through another entity and project; plus one item per check result (a skipped check is a hole). `conformance coverage` prints the items.
 */
export interface ConformanceRunReportCoverage {
  /**
   * Covered items over all items, in whole percent rounded down: 100 only when nothing was left out.
   */
  percent: number;
  covered: number;
  total: number;
  /**
   * Items of the schemas the interface gives no way to exercise (stated with a reason by `conformance coverage`), not counted.
   */
  notApplicable: number;
  /**
   * MUST checks skipped: a verdict with any is never plainly CONFORMANT (`CONFORMANT WITH GAPS`).
   */
  mustSkipped: number;
  /**
   * Coverage per operation (§4.1–§4.8), in operation order.
   */
  operations: {
    operation: ConformanceRunReportOperation;
    covered: number;
    total: number;
    percent: number;
  }[];
  /**
   * Every item not exercised, with its cause (absent in reports written before causes were recorded).
   */
  holes: {
    /**
     * Stable item id, e.g. `chat.create request-accepted documents (streamed)` or `check predictions.listed-records-read-back`.
     */
    id: string;
    operation: ConformanceRunReportOperation;
    kind:
      | 'request-accepted'
      | 'request-rejected'
      | 'request-value'
      | 'request-bound'
      | 'rule-rejected'
      | 'response'
      | 'auth'
      | 'scope'
      | 'check-skipped';
    description: string;
    cause?: ConformanceRunReportHoleCause;
  }[];
  /**
   * The holes grouped by operation and cause, in operation order, the largest group of an operation first: what reports show as one line each (`64 items of §4.2 not exercised: writes not allowed, pass --allow-writes`), the items on demand.
   */
  groups?: {
    operation: ConformanceRunReportOperation;
    cause: ConformanceRunReportHoleCause;
    /**
     * The ids of the group's holes, in the order of `holes`.
     */
    ids: string[];
  }[];
}
/**
 * Why an item was not exercised, as far as the run can tell. A skipped check's hole has its own cause; an item of the model has its operation's: the cause shared by most of the operation's checks that did not run (the recorder ties items to operations, not to checks), or `not-exercised` when they all ran.
 */
export interface ConformanceRunReportHoleCause {
  /**
   * `not-judged`: the preflight could not judge the operation's path family (see `unjudged`); `not-served`: the probes found the target does not serve the operation (see `scope`); `writes-not-allowed`: checks with side effects skipped without `--allow-writes`; `write-budget-spent`: skipped once `--max-writes` was reached; `not-selected`: left out by `--only`, `--skip` or `--shard`; `blocked`: blocked by the operation's failing baseline; `skipped-by-check`: the check found nothing to judge (its hole says why); `not-exercised`: no request of the run exercised it.
   */
  code:
    | 'not-judged'
    | 'not-served'
    | 'writes-not-allowed'
    | 'write-budget-spent'
    | 'not-selected'
    | 'blocked'
    | 'skipped-by-check'
    | 'not-exercised';
  /**
   * The cause in a few words, e.g. `writes not allowed`.
   */
  reason: string;
  /**
   * What removes the cause, naming the flag (`pass --allow-writes`; for `not-judged`, the preflight's reason). Absent when no flag does.
   */
  remedy?: string;
}
/**
 * What produced the report (since 1.4), as `conformance merge` needs it: reports merge only when they come from the same kind of report and share the tool version, the catalogue, the seed, the level, the target and (runs) the shard count.
 */
export interface ConformanceRunReportReportOrigin {
  /**
   * `run`: `conformance run`; `proxy`: `conformance proxy`; `replay`: `conformance run --replay`.
   */
  kind: 'run' | 'proxy' | 'replay';
  /**
   * Proxy and replay reports: whose findings they are, the server's or the clients'.
   */
  side?: 'server' | 'clients';
  /**
   * A hash of what judged: the checks (or the proxy's rules) with their levels and sections, and the coverage model's items. Reports of different catalogues are never merged.
   */
  catalogue: string;
  /**
   * Runs: the slice of the catalogue judged, `--shard K/N` (1/1 without it; absent in a merged report, which is whole).
   */
  shard?: {
    index: number;
    count: number;
  };
  /**
   * The target was the bundled mock, started for the run on a port of its own (so `target` differs between runs against it).
   */
  bundledMock?: true;
  /**
   * Set by `conformance merge`: how many reports this one was merged from.
   */
  mergedFrom?: number;
}
/**
 * A proxy's server report (since 1.5): the halves its rules judged on more than one exchange were given (a record listed then read, a job created then read, the same chat request twice, listings of one project, the record URIs of a kind), each under the check id it is reported under and the key that pairs it, so that `conformance merge` folds the halves of several proxies again, in time order, with the same rule code. `at`: when the exchange was sent, epoch milliseconds. Strings are redacted. Bounded as the proxy's memory is: the latest halves of each rule are kept.
 */
export interface ConformanceRunReportPairHalves {
  halves: {
    /**
     * The check id the rule reports under on the half's operation.
     */
    id: string;
    /**
     * What pairs the half with others: the same record, job, request or listing query.
     */
    key: string;
    at: number;
    /**
     * The rule's own summary of the exchange.
     */
    half: unknown;
    evidence?: ConformanceRunReportEvidence;
    /**
     * What the proxy's rules of one exchange reporting under the same check id judged of the half's exchange (the proxy counted it for them): `broken` when one broke, `held` when they held; absent when none judged it. The merge counts an exchange once, as one proxy does.
     */
    others?: 'held' | 'broken';
    /**
     * True for a record's half of a listing that did not end whole and valid: folded by the merge, its verdicts not counted (as the proxy did not count them).
     */
    uncounted?: true;
  }[];
  /**
   * Halves left out (the latest of each rule are kept): for a rule whose halves were left out, the merge then only adds its verdicts to the proxy's own instead of replacing them.
   */
  dropped: number;
  /**
   * Keys the proxy's memory forgot for room (the least recently used of a rule's 4,096): a half of such a key afterwards started afresh, so a pair across the gap was not judged.
   */
  forgotten?: number;
}
/**
 * What the findings baseline (`--baseline FILE`, schema report/baseline.json) made of this report: findings not in it are `new` and gate; entries whose findings were seen are known (counted, their results marked `expectedFailure`); an entry past its expiry excuses nothing and is `expired` (gating when its finding was seen); an entry whose deterministic check ran and passed is `stale` (gating until pruned); an entry whose check was not run, draws its cases at random, or (proxy, replay) whose traffic did not show it is `unobserved` (reported, never gating).
 */
export interface ConformanceRunReportBaselineOutcome {
  file: string;
  /**
   * The catalogue release scored (the baseline's, or `--requirements`).
   */
  requirements?: string;
  /**
   * Findings the baseline accepts (not gating).
   */
  known: number;
  new: ConformanceRunReportBaselineFinding[];
  expired: ConformanceRunReportBaselineFinding[];
  stale: ConformanceRunReportBaselineFinding[];
  unobserved: ConformanceRunReportBaselineFinding[];
}
/**
 * A finding or a baseline entry by its fingerprint, with its check, its summary and (entries) why it was accepted.
 */
export interface ConformanceRunReportBaselineFinding {
  fingerprint: string;
  check: string;
  summary?: string;
  reason?: string;
  expires?: string;
  /**
   * Unobserved and stale entries: why, in words (the check passed; not run; its cases are drawn at random; the traffic did not show it).
   */
  why?: string;
}
/**
 * The distributions measured of one operation's exchanges answered 2xx.
 */
export interface ConformanceRunReportOperationTiming {
  ttft_ms?: ConformanceRunReportDistribution;
  itl_ms?: ConformanceRunReportDistribution;
  e2e_ms?: ConformanceRunReportDistribution;
  output_tokens_per_s?: ConformanceRunReportDistribution;
  latency_ms?: ConformanceRunReportDistribution;
}
/**
 * Count and percentiles of a measure, recomputed from its sketch (so within its relative accuracy); max is exact.
 */
export interface ConformanceRunReportDistribution {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  sketch: ConformanceRunReportSketch;
}
/**
 * A mergeable quantile sketch (DDSketch's logarithmic mapping): value v counts in bin ceil(ln v / ln γ), γ = (1 + accuracy) / (1 - accuracy). Two sketches merge by adding counts bin by bin, which gives exactly the sketch of all their values.
 */
export interface ConformanceRunReportSketch {
  /**
   * The relative accuracy of every quantile (0.01: within 1 %).
   */
  accuracy: number;
  /**
   * Values under a thousandth of the unit, counted apart.
   */
  zeros: number;
  min: number;
  max: number;
  /**
   * `[index, count]` pairs, sorted by index.
   */
  bins: unknown[][];
}
/**
 * A service-level objective: the `percentile` of `metric` (of the chat completions) is at most `thresholdMs`.
 */
export interface ConformanceRunReportObjective {
  /**
   * `ttft-p95`: metric and percentile as given to `--slo`; the result is `slo.<id>`.
   */
  id: string;
  /**
   * `ttft`, `itl`, `e2e` (streams) or `latency` (non-streamed requests).
   */
  metric: 'ttft' | 'itl' | 'e2e' | 'latency';
  percentile: number;
  thresholdMs: number;
}
/**
 * §4.2 experimental_config. Values of importance_sampling_level beyond `token`: not shown, so any string is accepted here (the convention overlay narrows it).
 *
 * Interface: §4.2.
 */
export interface ExperimentalConfig {
  /**
   * Interface: §4.2.
   */
  advantage_balance?: number;
  /**
   * Interface: §4.2.
   */
  epsilon?: number;
  /**
   * Interface: §4.2.
   */
  epsilon_high?: number;
  /**
   * Interface: §4.2.
   */
  importance_sampling_level?: string;
  /**
   * Interface: §4.2.
   */
  k2_tau?: number;
  /**
   * Interface: §4.2.
   */
  learning_rate?: number;
  /**
   * Interface: §4.2.
   */
  mask_prob_ratio?: boolean;
  /**
   * Interface: §4.2.
   */
  max_negative_advantage_importance_sampling_weight?: number;
  /**
   * Interface: §4.2.
   */
  ppo?: boolean;
  /**
   * Interface: §4.2.
   */
  precalculate_logprobs?: boolean;
  /**
   * Interface: §4.2.
   */
  scale_rewards?: boolean;
  [k: string]: unknown;
}
/**
 * §4.5/§4.7 query parameters, each optional. Their names are not shown; these are the names of the evaluation-record service (configurable in the suite).
 *
 * Interface: §4.5, §4.7.
 */
export interface ListQuery {
  /**
   * Filter by evaluation run ID.
   *
   * Interface: §4.5, §4.7.
   */
  evaluation_run_id?: string;
  /**
   * Maximum number of records to return.
   *
   * Interface: §4.5, §4.7.
   */
  limit?: number;
  /**
   * Number of records to skip.
   *
   * Interface: §4.5, §4.7.
   */
  offset?: number;
  [k: string]: unknown;
}
export interface ListQueryConventions1 {
  limit?: number;
  offset?: number;
  [k: string]: unknown;
}
/**
 * §4.4 request body of POST /v1/preview/models/{model_id}/log. Allowed values of `split`: not shown.
 *
 * Interface: §4.4.
 */
export interface LogTrajectoriesRequest {
  /**
   * Interface: §4.4.
   */
  split?: string;
  /**
   * Interface: §4.4.
   */
  trajectory_groups?: TrajectoryGroup[];
  [k: string]: unknown;
}
/**
 * §2.4: a trajectory group is an object with `trajectories`, an array of trajectory objects.
 *
 * Interface: §2.4.
 */
export interface TrajectoryGroup {
  /**
   * Interface: §2.4.
   */
  trajectories: Trajectory[];
  [k: string]: unknown;
}
/**
 * §2.4 trajectory (request shape). Which fields are required: not shown, so none is required here. Element shapes of messages_and_choices, additional_histories and logs: not shown (§4.2).
 *
 * Interface: §2.4.
 */
export interface Trajectory {
  /**
   * Interface: §2.4.
   */
  messages_and_choices?: unknown[];
  /**
   * Interface: §2.4.
   */
  tools?: TrajectoryTool[];
  /**
   * Interface: §2.4.
   */
  additional_histories?: unknown[];
  /**
   * Interface: §2.4.
   */
  reward?: number;
  /**
   * Interface: §2.4.
   */
  initial_policy_version?: number;
  /**
   * Interface: §2.4.
   */
  final_policy_version?: number;
  /**
   * Interface: §2.4.
   */
  metrics?: {
    [k: string]: unknown;
  };
  /**
   * Interface: §2.4.
   */
  metadata?: {
    [k: string]: unknown;
  };
  /**
   * Interface: §2.4.
   */
  logs?: unknown[];
  /**
   * ISO 8601 date-time. The time-zone offset is optional (a naive Python datetime serialises without one); RFC 3339 `date-time` would require it (decisions/0001).
   *
   * Interface: §2.4.
   */
  start_time?: string;
  [k: string]: unknown;
}
/**
 * §2.4: a tool of a trajectory.
 *
 * Interface: §2.4.
 */
export interface TrajectoryTool {
  /**
   * Interface: §2.4.
   */
  type?: string;
  /**
   * Interface: §2.4.
   */
  function?: {
    name?: string;
    description?: string;
    parameters?: {
      [k: string]: unknown;
    };
    strict?: boolean;
    [k: string]: unknown;
  };
  [k: string]: unknown;
}
export interface LogTrajectoriesRequestConventions1 {
  split: string;
  trajectory_groups: unknown[];
  [k: string]: unknown;
}
/**
 * Path parameters of §4.3–§4.8.
 */
export interface PathParams {
  /**
   * §4.3: identifies the job (jobs have UUID ids, §2.3).
   *
   * Interface: §4.3.
   */
  training_job_id?: string;
  /**
   * §4.4: identifies the model.
   *
   * Interface: §4.4.
   */
  model_id?: string;
  /**
   * Interface: §4.5–§4.8.
   */
  entity?: string;
  /**
   * Interface: §4.5–§4.8.
   */
  project?: string;
  /**
   * Interface: §4.6.
   */
  prediction_id?: string;
  /**
   * Interface: §4.8.
   */
  score_id?: string;
  [k: string]: unknown;
}
/**
 * §2.1 Prediction record. 'Which Prediction and Score fields are required or nullable: not shown', so none is required and each also accepts null.
 *
 * Interface: §2.1.
 */
export interface Prediction {
  /**
   * Interface: §2.1.
   */
  prediction_id?: string | null;
  /**
   * A URI of the service's own scheme, e.g. weave:///entity/project/object/name:digest.
   *
   * Interface: §2.1.
   */
  model?: string | null;
  /**
   * Interface: §2.1.
   */
  inputs?: {
    [k: string]: unknown;
  } | null;
  /**
   * Any JSON value.
   *
   * Interface: §2.1.
   */
  output?: unknown;
  /**
   * Interface: §2.1.
   */
  evaluation_run_id?: string | null;
  /**
   * Filled in by the server; clients must not set it.
   *
   * Interface: §2.1.
   */
  svc_user_id?: string | null;
  [k: string]: unknown;
}
/**
 * §2.2 Score record. Required-ness and nullability: not shown, so none is required and each also accepts null.
 *
 * Interface: §2.2.
 */
export interface Score {
  /**
   * Interface: §2.2.
   */
  score_id?: string | null;
  /**
   * A URI of the service's own scheme.
   *
   * Interface: §2.2.
   */
  scorer?: string | null;
  /**
   * Interface: §2.2.
   */
  value?: number | null;
  /**
   * Interface: §2.2.
   */
  evaluation_run_id?: string | null;
  /**
   * Interface: §2.2.
   */
  svc_user_id?: string | null;
  [k: string]: unknown;
}
/**
 * §2.3/§4.2/§4.3: a training job, as returned by create and get. Fields beyond `id`: not shown, so the object is open.
 *
 * Interface: §2.3, §4.2, §4.3.
 */
export interface TrainingJob {
  /**
   * Interface: §2.3.
   */
  id: string;
  [k: string]: unknown;
}
/**
 * §4.2 request body of POST /v1/preview/training-jobs. Required-ness: not stated (the convention overlay requires model_id and trajectory_groups, as the FastAPI service does).
 *
 * Interface: §4.2.
 */
export interface TrainingJobCreateRequest {
  /**
   * Interface: §4.2.
   */
  model_id?: string;
  /**
   * Interface: §4.2.
   */
  trajectory_groups?: TrajectoryGroup[];
  experimental_config?: ExperimentalConfig;
  [k: string]: unknown;
}
/**
 * SHOULD level: what the FastAPI training service requires on top of §4.2 (model_id and trajectory_groups present; importance_sampling_level one of the values in use; experimental_config keys may be explicit nulls, as real clients send them).
 *
 * Convention (SHOULD level): FastAPI training service request model.
 */
export interface TrainingJobCreateRequestConventions {
  model_id: string;
  trajectory_groups: TrajectoryGroup[];
  experimental_config?: null | {
    advantage_balance?: number | null;
    epsilon?: number | null;
    epsilon_high?: number | null;
    importance_sampling_level?: 'token' | 'sequence' | 'average' | 'geometric_average' | null;
    k2_tau?: number | null;
    learning_rate?: number | null;
    mask_prob_ratio?: boolean | null;
    max_negative_advantage_importance_sampling_weight?: number | null;
    ppo?: boolean | null;
    precalculate_logprobs?: boolean | null;
    scale_rewards?: boolean | null;
    [k: string]: unknown;
  };
  [k: string]: unknown;
}
/**
 * §7 validation-error body (given for trajectory logging). `loc` is stated as an array of string; integer elements (FastAPI's array indices) are also accepted (decisions/0001).
 *
 * Interface: §7.
 */
export interface ValidationError {
  /**
   * Interface: §7.
   */
  detail: {
    /**
     * Interface: §7.
     */
    loc: (string | number)[];
    /**
     * Interface: §7.
     */
    msg: string;
    /**
     * Interface: §7.
     */
    type: string;
    [k: string]: unknown;
  }[];
  [k: string]: unknown;
}
