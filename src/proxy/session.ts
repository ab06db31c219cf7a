/**
 * @module One proxy session: what every exchange judge shares and the counts the report states; it
 * opens a judge per exchange and hands the reports what it saw.
 */
import type { UpstreamDown } from './upstream-watch.js';
import { DEFAULT_ENTITY, DEFAULT_LIST_PARAMS, DEFAULT_PROJECT } from '../core/defaults.js';
import { matchOperation } from '../core/operations.js';
import { coverageModel, type CoverageModel } from '../coverage/model.js';
import type { ConfiguredCredentials } from '../core/credentials.js';
import { createCoverageRecorder, type CoverageRecorder, type Parsed } from '../coverage/recorder.js';
import { registry, type SchemaRegistry } from '../schemas/registry.js';
import { ExchangeJudge } from './exchange.js';
import { flatHeaders } from '../transport/flat-headers.js';
import type { JudgeContext, Observation } from './judge-context.js';
import { PairMemory } from '../rules/pairs.js';
import { judgeSettings, judgeTools } from '../kit/request-seen.js';
import { Findings } from './findings.js';
import type { JudgeSettings } from '../rules/evidence.js';
import type { Side } from '../rules/rule.js';
import { LearnedSecrets, type PresentedCredentials } from './secrets.js';
import { TimingSketches } from '../timing/table.js';
import { ListenedFindings, ListenedTiming, type SessionListener } from './session-listener.js';

/** Exchanges of one shape always observed for coverage, before its repeats are sampled. */
const SAMPLE_AFTER = 16;
/** The share of the session's time that observing the repeats of known shapes may take. */
export const OBSERVE_SHARE = 0.02;
/** The credit an idle stretch may leave for later (1 s worth): a burst after a quiet minute is still sampled. */
const OBSERVE_CREDIT_MS = OBSERVE_SHARE * 1000;
/** Distinct shapes counted (beyond: a new shape is observed as if it were the first). */
const MAX_SHAPES = 10_000;

export interface SessionOptions {
  /** No trailing slash. */
  readonly target: string;
  readonly maxBodyBytes: number;
  /** The session's command line (no secret), for evidence. */
  readonly replay: string;
  readonly onFirstBreach?: (side: Side, line: string) => void;
  /** `--record`: a redacted JSON line per ended exchange of the interface; returns its line number in the file. */
  readonly record?: (line: string) => number | undefined;
  /** The replay line of a recorded exchange, for evidence (src/proxy/exchange-replay.ts); without it, `replay`. */
  readonly replayExchange?: JudgeContext['replayExchange'];
  /** `--record-bodies`. */
  readonly recordBodies?: boolean;
  /** The credentials the target accepts (`--token`, `--basic`); without them the proxy learns. */
  readonly credentials?: ConfiguredCredentials;
  /** Secrets of the proxy's own settings (src/transport/connection.ts connectionSecrets): redacted from the start. */
  readonly knownSecrets?: readonly string[];
  /** Whether the served model uses priority scheduling (§7.1); default: it does not (the run's default too). */
  readonly priorityScheduling?: boolean;
  /** The list endpoints' query parameter names (§4.5, §4.7: not shown; `--param-*`). */
  readonly listParams?: JudgeSettings['listParams'];
  /** The clock the coverage sampling reads, in ms (default performance.now; a test's own clock). */
  readonly now?: () => number;
  /** The metrics (src/proxy/metrics.ts). */
  readonly listener?: SessionListener;
}

export class ProxySession {
  readonly startedAt = new Date();
  readonly findings: Findings;
  readonly secrets = new LearnedSecrets();
  readonly schemas: SchemaRegistry = registry();
  readonly model: CoverageModel;
  readonly timing: TimingSketches;
  /** What earlier exchanges showed, for the rules judged on more than one (and the merge of several proxies). */
  readonly pairs = new PairMemory();
  /** Exchanges seen; of them, those outside the interface (forwarded, not judged). */
  exchanges = 0;
  unmatched = 0;
  /** Exchanges left unjudged: the client went away, or the proxy stopped, before the answer ended. */
  abandoned = 0;
  /** Exchanges not forwarded for a reason of the proxy's own (TLS, forward proxy): never a finding against the target. */
  readonly notForwarded = new Map<string, { count: number; message: string }>();

  /** Times the upstream went down (upstream-watch.ts): the server's report makes them one finding. */
  readonly upstreamDowns: UpstreamDown[] = [];

  /** Answers forwarded without their body judged, by the Content-Encoding the proxy cannot decode (zstd on Node 20). */
  readonly undecoded = new Map<string, number>();

  notDecoded(coding: string): void {
    this.undecoded.set(coding, (this.undecoded.get(coding) ?? 0) + 1);
  }

  cannotForward(code: string, message: string): void {
    const seen = this.notForwarded.get(code);
    if (seen) seen.count++;
    else this.notForwarded.set(code, { count: 1, message });
  }
  private readonly recorder: CoverageRecorder;
  /** The recorder's "configured credentials" when none were given: those the server accepted last. */
  private readonly accepted: { token?: string | undefined; basic?: string | undefined } = {};
  private readonly scope = { baseUrl: '', entity: DEFAULT_ENTITY, project: DEFAULT_PROJECT, learned: false };
  private readonly context: JudgeContext;
  /** Exchanges seen per shape (see `observe`), and those left out of the coverage by sampling. */
  private readonly shapes = new Map<string, number>();
  unobserved = 0;
  /** Time spent observing sampled repeats for coverage, and the session's start, on the sampling clock. */
  private repeatsMs = 0;
  private readonly now: () => number;
  private readonly startedMs: number;

  readonly target: string;

  constructor(private readonly options: SessionOptions) {
    this.now = options.now ?? (() => performance.now());
    this.startedMs = this.now();
    this.target = options.target;
    const { listener } = options;
    this.findings = listener ? new ListenedFindings(listener) : new Findings();
    this.timing = listener ? new ListenedTiming(listener) : new TimingSketches();
    if (options.knownSecrets) this.secrets.knowValues(options.knownSecrets);
    const configured = options.credentials;
    if (configured) {
      this.secrets.know(configured);
      this.accepted.token = configured.token;
      this.accepted.basic = configured.basic;
    }
    this.scope.baseUrl = options.target;
    this.model = coverageModel(this.schemas);
    this.recorder = createCoverageRecorder({
      model: this.model,
      schemas: this.schemas,
      target: this.scope,
      credentials: this.accepted,
    });
    this.context = {
      schemas: this.schemas,
      findings: this.findings,
      maxBodyBytes: options.maxBodyBytes,
      replay: options.replay,
      redactor: () => this.secrets.redactor(),
      sample: (shape) => this.sample(shape),
      observe: (request, status, body, creds, observation, parsed) =>
        this.observe(request, status, body, creds, observation, parsed),
      ...(options.onFirstBreach ? { onFirstBreach: options.onFirstBreach } : {}),
      ...(options.record ? { record: options.record } : {}),
      ...(options.replayExchange ? { replayExchange: options.replayExchange } : {}),
      ...(options.recordBodies ? { recordBodies: true } : {}),
      settings: judgeSettings({
        tools: judgeTools(this.schemas),
        priorityScheduling: options.priorityScheduling ?? false,
        listParams: options.listParams ?? DEFAULT_LIST_PARAMS,
        ...(configured ? { configured } : {}),
      }),
      pairs: this.pairs,
      timing: this.timing,
    };
  }

  /**
   * A judge for one exchange: `path` is the request target as the client sent it (path and query,
   * relative to the proxy, which stands for {base_url}); `headers` are the headers forwarded.
   */
  open(method: string, path: string, headers: Readonly<Record<string, string | string[] | undefined>>): ExchangeJudge {
    this.exchanges++;
    const credentials = this.secrets.learn(headers);
    const query = path.indexOf('?');
    const pathname = query === -1 ? path : path.slice(0, query);
    const route = matchOperation(method, pathname);
    this.options.listener?.exchange?.(route?.op.id);
    if (!route) this.unmatched++;
    else this.learnScope(route.params);
    return new ExchangeJudge(
      this.context,
      route?.op,
      { method, url: `${this.options.target}${path}`, headers: flatHeaders(headers) },
      credentials,
      route?.params,
      path,
    );
  }

  private learnScope(params: Record<string, string>): void {
    if (this.scope.learned || params.entity === undefined || params.project === undefined) return;
    this.scope.learned = true;
    this.scope.entity = params.entity;
    this.scope.project = params.project;
  }

  /**
   * The first SAMPLE_AFTER exchanges of each shape are observed; repeats while they took less than
   * OBSERVE_SHARE of the session's time. The recorder re-reads each body, so observing heavy traffic
   * whole would cost more than judging it; sampling can only leave coverage out, never claim it.
   */
  private sample(shape: string): Observation | undefined {
    const seen = (this.shapes.get(shape) ?? 0) + 1;
    if (this.shapes.size < MAX_SHAPES || this.shapes.has(shape)) this.shapes.set(shape, seen);
    if (seen <= SAMPLE_AFTER) return 'first';
    const allowedMs = OBSERVE_SHARE * (this.now() - this.startedMs);
    // Credit an idle stretch built up beyond OBSERVE_CREDIT_MS is forfeited (as if spent).
    this.repeatsMs = Math.max(this.repeatsMs, allowedMs - OBSERVE_CREDIT_MS);
    if (this.repeatsMs <= allowedMs) return 'repeat';
    this.unobserved++;
    return undefined;
  }

  private observe(
    request: Parameters<CoverageRecorder['observe']>[0],
    status: number,
    body: string | undefined,
    creds: PresentedCredentials,
    observation: Observation,
    parsed?: Parsed,
  ): void {
    const t0 = this.now();
    // Without configured credentials, those the server did not refuse are "the configured ones" for the recorder.
    if (!this.options.credentials && status !== 401 && status !== 403) {
      if (creds.token !== undefined) this.accepted.token = creds.token;
      if (creds.basic !== undefined) this.accepted.basic = creds.basic;
    }
    this.recorder.observe(request, status, body, parsed);
    if (observation === 'repeat') this.repeatsMs += this.now() - t0;
  }

  covered(): ReadonlySet<string> {
    return this.recorder.covered();
  }
}
