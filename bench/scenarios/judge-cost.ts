/**
 * @module Scenario: the CPU `conformance proxy`'s judge takes per exchange, without the network
 * (`bench/servers/judge-cost.ts`, in a child of its own): a JSON chat exchange and a streamed one,
 * each beside `JSON.parse` of the same exchange's JSON. The proxy's figures in proxy-peer also hold
 * the forwarding and the machine's scheduling, and move from run to run by more than a change to the
 * judge moves them; this ratio moves far less, so it is the figure to compare two builds by.
 */
import { BENCH_DIST } from '../lib/paths.js';
import { runToExit } from '../lib/proc.js';
import { row, type Row } from '../lib/table.js';

interface Measured {
  judgeUs: number;
  parseUs: number;
  ratio: number;
  events: number;
}

export async function judgeCostScenario(opts: { rounds: number; timeoutMs: number }): Promise<{
  rows: Row[];
  details: Record<string, unknown>;
}> {
  const child = `${BENCH_DIST}servers/judge-cost.js`;
  const exit = await runToExit(process.execPath, [child, String(opts.rounds)], opts.timeoutMs);
  if (exit.code !== 0) throw new Error(`judge-cost exited ${exit.code ?? exit.signal}: ${exit.stderr.slice(0, 300)}`);
  const m = JSON.parse(exit.stdout) as { json: Measured; streamed: Measured };
  const how = `median of ${opts.rounds} rounds, batches of judging and of parsing alternating in one process (after 2 rounds of warm-up); µs are CPU time`;
  return {
    rows: [
      row({
        scenario: 'proxy-judge',
        figure: 'CPU judging one JSON chat exchange, no network',
        value: m.json.judgeUs,
        unit: 'µs',
        baseline: m.json.parseUs,
        baselineLabel: 'JSON.parse of its request and answer',
        ratio: m.json.ratio,
        note: how,
      }),
      row({
        scenario: 'proxy-judge',
        figure: `CPU judging one streamed chat exchange (${m.streamed.events} events), no network`,
        value: m.streamed.judgeUs,
        unit: 'µs',
        baseline: m.streamed.parseUs,
        baselineLabel: "JSON.parse of its request and of each event's data",
        ratio: m.streamed.ratio,
        note: how,
      }),
    ],
    details: { ...m, seconds: exit.ms / 1000 },
  };
}
