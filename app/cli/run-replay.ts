/**
 * @module `conformance run --replay FILE --target URL`: replays a `conformance proxy --record` file
 * against the target (src/replay) and reports it as `conformance proxy` does: the same two reports
 * (the server's findings and the clients'), the coverage the replayed traffic exercised, and the
 * proxy's exit code (0: no server-side finding at the gating level, 1: one). One line on stderr says
 * how many exchanges were replayed, how many skipped and why. `--exchange N` replays only the
 * exchange on line N (a proxy finding's replay line).
 */
import { exitCodeOf } from '../../src/gating/verdict.js';
import { proxyReports, trafficLine } from '../../src/proxy/report.js';
import { replayRecording } from '../../src/replay/replay.js';
import { replayLine } from '../../src/replay/skips.js';
import { emitOutputs } from './outputs.js';
import type { RunConfig } from './run-options.js';

export async function replayRun(cfg: RunConfig & { readonly replay: string }): Promise<number> {
  const say = (line: string): void => void process.stderr.write(`conformance: ${line}\n`);
  const outcome = await replayRecording({
    file: cfg.replay,
    target: cfg.targets[0]!.url!,
    credentials: { token: cfg.token, basic: cfg.basic },
    concurrency: cfg.concurrency,
    timeoutMs: cfg.timeoutMs,
    maxBodyBytes: cfg.maxBodyBytes,
    allowWrites: cfg.allowWrites,
    maxWrites: cfg.maxWrites,
    replay: cfg.replayBase,
    connection: cfg.connection,
    listParams: cfg.listParams,
    exchange: cfg.exchange,
    ...(cfg.quiet ? {} : { onFirstBreach: (_side, line) => say(line) }),
  });
  const reports = proxyReports(outcome.session, {
    level: cfg.level,
    replay: cfg.replayBase,
    connection: cfg.connection,
    kind: 'replay',
    objectives: cfg.objectives,
  });
  say(`${replayLine(cfg.replay, outcome.replayed, outcome.skips)}; judged: ${trafficLine(outcome.session)}`);
  await emitOutputs(reports, cfg);
  // The clients' findings are reported, never gating: the exit code is the server's.
  return exitCodeOf(reports.slice(0, 1));
}
