/**
 * @module The proxy's live view for Prometheus (prom-client, own registry): counters of exchanges and
 * findings, histograms of the times measured; it listens to the session and changes nothing it judges.
 * No label carries a secret.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { OperationId } from '../core/operations.js';
import { TOOL } from '../core/tool.js';
import type { Measure } from '../timing/table.js';
import { checkOperationOf } from '../rules/rule.js';
import type { Judged } from './findings.js';
import type { SessionListener } from './session-listener.js';

/** Every metric's name starts so. */
const METRICS_PREFIX = 'conformance_proxy_';

/** Bucket bounds in seconds, per measure: a token comes in milliseconds, an answer in seconds to minutes. */
const SECONDS_BUCKETS = {
  ttft: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  itl: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  e2e: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  latency: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
} as const;

/** The timing table's measures in milliseconds, and the histogram each feeds (tokens per second: none). */
const HISTOGRAM_OF: Partial<Record<Measure, keyof typeof SECONDS_BUCKETS>> = {
  ttft_ms: 'ttft',
  itl_ms: 'itl',
  e2e_ms: 'e2e',
  latency_ms: 'latency',
};

const HELP: Record<keyof typeof SECONDS_BUCKETS, string> = {
  ttft: 'Time to first token of the streamed answers the proxy judged, per operation',
  itl: 'Time between two tokens of the streamed answers the proxy judged, per operation',
  e2e: 'Time from the request to the end of the streamed answers the proxy judged, per operation',
  latency: 'Time from the request to the end of the non-streamed 2xx answers the proxy judged, per operation',
};

/** The target as a label: scheme, host and path, without credentials, query or fragment. */
export function targetLabel(target: string): string {
  if (!URL.canParse(target)) return 'unknown';
  const u = new URL(target);
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
}

interface Inc {
  inc(): void;
}
interface Observe {
  observe(value: number): void;
}

/** A session's listener that keeps its Prometheus metrics. */
export class ProxyMetrics implements SessionListener {
  /** The metrics' own registry (never prom-client's global one). */
  readonly registry = new Registry();
  private readonly exchanges: Counter<'operation'>;
  private readonly outside: Counter;
  private readonly findings: Counter<'rule' | 'operation' | 'level' | 'side'>;
  private readonly histograms = new Map<keyof typeof SECONDS_BUCKETS, Histogram<'operation'>>();
  /** Label children kept, so that a hot path does not hash labels per call. */
  private readonly exchangeOf = new Map<OperationId, Inc>();
  private readonly findingOf = new Map<string, Inc>();
  private readonly timeOf = new Map<string, Observe>();

  constructor(options: { readonly target: string }) {
    const registers = [this.registry];
    const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
      new Counter<L>({ name: `${METRICS_PREFIX}${name}`, help, labelNames, registers });
    this.exchanges = counter(
      'exchanges_total',
      'Exchanges of the interface the proxy opened for judging, per operation',
      ['operation'],
    );
    this.outside = counter('exchanges_outside_total', 'Exchanges outside the interface: forwarded, not judged');
    this.findings = counter(
      'findings_total',
      "Exchanges that broke a rule, per rule (the report's result id), operation, level and side",
      ['rule', 'operation', 'level', 'side'],
    );
    for (const [name, buckets] of Object.entries(SECONDS_BUCKETS) as [
      keyof typeof SECONDS_BUCKETS,
      readonly number[],
    ][])
      this.histograms.set(
        name,
        new Histogram({
          name: `${METRICS_PREFIX}${name}_seconds`,
          help: HELP[name],
          labelNames: ['operation'],
          buckets: [...buckets],
          registers,
        }),
      );
    new Gauge({
      name: `${METRICS_PREFIX}info`,
      help: "The proxy's version and target (without credentials or query)",
      labelNames: ['version', 'target'],
      registers,
    }).set({ version: TOOL.version, target: targetLabel(options.target) }, 1);
  }

  exchange(op: OperationId | undefined): void {
    if (op === undefined) {
      this.outside.inc();
      return;
    }
    let child = this.exchangeOf.get(op);
    if (!child) this.exchangeOf.set(op, (child = this.exchanges.labels({ operation: op })));
    child.inc();
  }

  breach(judged: Judged): void {
    let child = this.findingOf.get(judged.id);
    if (!child) {
      const { rule } = judged;
      const labels = {
        rule: judged.id,
        operation: checkOperationOf(rule, judged.op),
        level: rule.level.toLowerCase(),
        side: rule.side,
      };
      this.findingOf.set(judged.id, (child = this.findings.labels(labels)));
    }
    child.inc();
  }

  timed(op: OperationId, measure: Measure, value: number): void {
    const name = HISTOGRAM_OF[measure];
    if (!name) return;
    const key = `${name} ${op}`;
    let child = this.timeOf.get(key);
    if (!child) this.timeOf.set(key, (child = this.histograms.get(name)!.labels({ operation: op })));
    child.observe(value / 1000);
  }

  /** The Prometheus text exposition of every metric. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** Its media type (`text/plain; version=0.0.4; charset=utf-8`). */
  get contentType(): string {
    return this.registry.contentType;
  }
}
