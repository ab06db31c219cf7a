/**
 * @module `conformance run --replay FILE --target URL`: replays a `conformance proxy --record` file
 * against the target (src/replay) and reports it as `conformance proxy` does.
 */
import { exitCodeOf } from '../../src/gating/verdict.js';
import { proxyReports, trafficLine } from '../../src/proxy/report.js';
import { replayRecording } from '../../src/replay/replay.js';
import { replayLine } from '../../src/replay/skips.js';
import { gateReports, openBaseline } from './baseline-gate.js';
import { emitOutputs } from './outputs.js';
import { type RunCommand, settingsForTarget } from './run-options.js';

export async function replayRun(cmd: RunCommand, file: string): Promise<number> {
  const say = (line: string): void => void process.stderr.write(`conformance: ${line}\n`);
  const baseline = openBaseline(cmd.baseline);
  const { connection } = cmd.settings;
  const settings = settingsForTarget(cmd, cmd.targets[0]!.url!, { checks: [] });
  const { target } = settings;
  const outcome = await replayRecording({
    file,
    target: target.baseUrl,
    credentials: { token: settings.token, basic: settings.basic },
    concurrency: settings.concurrency,
    timeoutMs: settings.timeoutMs,
    maxBodyBytes: settings.maxBodyBytes,
    allowWrites: target.allowWrites,
    maxWrites: target.maxWrites ?? 0,
    replay: settings.replayBase,
    connection,
    listParams: target.listParams,
    priorityScheduling: target.priorityScheduling,
    exchange: cmd.exchange,
    ...(cmd.quiet ? {} : { onFirstBreach: (_side, line) => say(line) }),
  });
  const [server, clients] = proxyReports(outcome.session, {
    level: settings.level,
    replay: settings.replayBase,
    connection,
    kind: 'replay',
    objectives: settings.objectives,
  });
  say(`${replayLine(file, outcome.replayed, outcome.skips)}; judged: ${trafficLine(outcome.session)}`);
  const reports = [...gateReports([server!], baseline, cmd.baseline, { driver: 'traffic' }), clients!];
  await emitOutputs(reports, cmd);
  // The clients' findings are reported, never gating: the exit code is the server's.
  return exitCodeOf(reports.slice(0, 1));
}
