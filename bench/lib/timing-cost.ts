/**
 * @module What timing adds to the proxy's judging of one streamed exchange, measured in this
 * process: the proxy's exchange judge fed the same streamed answer (request, head, one chunk per
 * event, end) with the session's timing on and off, in interleaved rounds so that a burst of load
 * elsewhere hits both sides alike; the CPU time of each round (process.cpuUsage) over its exchanges.
 * Figures of the judge alone, without sockets: the difference is the timing's, whatever the noise
 * of the whole proxy child (its CPU per exchange moves by more than that difference between runs).
 */
import { DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { operation } from '../../src/core/operations.js';
import { createRedactor } from '../../src/core/redact.js';
import { ExchangeJudge } from '../../src/proxy/exchange.js';
import { Findings } from '../../src/proxy/findings.js';
import type { JudgeContext } from '../../src/proxy/judge-context.js';
import { judgeSettings, judgeTools } from '../../src/kit/request-seen.js';
import { PairMemory } from '../../src/rules/pairs.js';
import { registry } from '../../src/schemas/registry.js';
import { TimingSketches } from '../../src/timing/table.js';
import { median } from './load.js';

export interface TimingCost {
  /** Median CPU µs per exchange judged, timing off and on. */
  readonly offUs: number;
  readonly onUs: number;
  readonly rounds: number;
  readonly exchanges: number;
}

/** Judges `exchanges` exchanges of the answer `sse` (to the request `body`) per round, timing off then on, `rounds` times. */
export function timingCost(body: string, sse: string, rounds = 9, exchanges = 2_000): TimingCost {
  const schemas = registry();
  const redactor = createRedactor([]);
  const base: Omit<JudgeContext, 'findings'> = {
    schemas,
    maxBodyBytes: 4 * 1024 * 1024,
    redactor: () => redactor,
    replay: 'bench',
    sample: () => undefined,
    observe: () => undefined,
    settings: judgeSettings({ tools: judgeTools(schemas) }),
    pairs: new PairMemory(),
  };
  const chunks = sse
    .split(/(?<=\n\n)/)
    .filter(Boolean)
    .map((e) => Buffer.from(e));
  const request = Buffer.from(body);
  const op = operation('chat.create');
  const headers = { authorization: `Bearer ${DEFAULT_TOKEN}`, 'content-type': 'application/json' };
  const answer = { 'content-type': 'text/event-stream' };
  const judgeAll = (ctx: JudgeContext): number => {
    const t0 = process.cpuUsage();
    for (let i = 0; i < exchanges; i++) {
      const judge = new ExchangeJudge(ctx, op, { method: 'POST', url: '/v1/chat/completions', headers }, {});
      judge.requestChunk(request);
      judge.requestEnd();
      judge.responseHead(200, answer);
      for (const c of chunks) judge.responseChunk(c);
      judge.responseEnd();
    }
    const used = process.cpuUsage(t0);
    return (used.user + used.system) / exchanges;
  };
  const off: number[] = [];
  const on: number[] = [];
  // A warm-up of each, then the paired rounds.
  judgeAll({ ...base, findings: new Findings() });
  judgeAll({ ...base, findings: new Findings(), timing: new TimingSketches() });
  for (let r = 0; r < rounds; r++) {
    off.push(judgeAll({ ...base, findings: new Findings() }));
    on.push(judgeAll({ ...base, findings: new Findings(), timing: new TimingSketches() }));
  }
  return { offUs: median(off), onUs: median(on), rounds, exchanges };
}
