/**
 * @module The CLI's help text: the commands, and each command's `--help` laid out from its table.
 * `conformance mock`'s is in mock-command.ts, so that the mock starts without the other tables.
 */
import { COVERAGE_OPTIONS, LIST_OPTIONS } from './options/catalogue.js';
import { helpText, synopsis } from './options/help.js';
import { MERGE_OPTIONS } from './options/merge.js';
import { PROXY_OPTIONS } from './options/proxy.js';
import { RUN_OPTIONS } from './options/run.js';

export const USAGE = `Usage: conformance <command> [options]

Commands:
  run      Run the conformance suite against a target (default: the bundled mock, on a thread of its own)
  mock     Start the bundled reference mock as a standalone HTTP server
  list     Print the check catalogue (id, level, section, requirement)
  coverage Print the coverage model: every part of the interface a full run exercises
  proxy    Put a judging proxy between your clients and a deployment: every exchange judged, reports on stop
  merge    Merge the JSON reports of a run's shards, or of several proxies, into one report and one verdict
  help     Print this help

Run 'conformance <command> --help' for the options of a command.
`;

/** The baseline's part of `--help`, with its exit rules in short (docs/how-to/baseline.md has them whole). */
const BASELINE_TITLE = `Findings baseline (a finding not in it is new and gates; one in it is known and does not; an
entry past its expiry, or stale because its check now passes, gates; one not seen otherwise is
unobserved and does not)`;

export const RUN_USAGE = helpText(RUN_OPTIONS, {
  usage: 'Usage: conformance run [options]',
  about: `Runs the check catalogue against a target. Without --target, starts the bundled mock on a loopback
port (in a thread of its own) and runs against it.`,
  column: 31,
  sections: [
    { title: 'Target', groups: ['target'] },
    { title: 'Reaching the target (also with --replay)', groups: ['connection'] },
    { title: 'Replay (recorded traffic, judged against another target)', groups: ['replay'] },
    { title: 'Selection and gating', groups: ['selection'] },
    { title: BASELINE_TITLE, groups: ['baseline'] },
    { title: 'Cases and limits', groups: ['limits'] },
    { title: 'Reports', groups: ['reports', 'help'] },
  ],
  after: `Exit codes: 0 conformant at the gating level, 1 not conformant, 2 usage or configuration error,
3 could not judge (the target was unreachable, over the network, its proxy or TLS; what answered was
not the interface; or the credentials were refused, by the interface or a gateway), 4 interrupted (the
first SIGINT or SIGTERM stops the run: the checks not run are listed as such and every report asked for
is written; a second signal exits at once, 130 or 143). With --replay:
0 no server-side finding, 1 one (or an exchange not answered completely), 2 usage error or a recording
that cannot be read or holds nothing to replay (CTS_BAD_REPLAY).`,
});

export const LIST_USAGE = helpText(LIST_OPTIONS, {
  usage: `Usage: conformance list ${synopsis(LIST_OPTIONS)}`,
  about: 'Prints the check catalogue: id, level, section, requirement (and the convention of SHOULD checks).',
  column: 25,
  sections: [{ title: 'Options:', groups: ['options', 'help'] }],
});

export const COVERAGE_USAGE = helpText(COVERAGE_OPTIONS, {
  usage: `Usage: conformance coverage ${synopsis(COVERAGE_OPTIONS)}`,
  about: `Prints the coverage model: per operation, every request field (sent in an accepted request; chat in
both modes), every constraint (sent breaking it, rejected), every named value and documented bound,
every response field (observed), every auth presentation (rejected) and every scoping probe, all
derived from the schemas; then the parts the interface gives no way to exercise, with the reason.
A run reports how much of it was exercised (see docs/explanation/coverage.md).`,
  column: 25,
  sections: [{ title: 'Options:', groups: ['options', 'help'] }],
});

export const PROXY_USAGE = helpText(PROXY_OPTIONS, {
  usage: 'Usage: conformance proxy --target URL [options]',
  about: `A transparent proxy between your clients and a deployment. Every request is forwarded unchanged and
every answer streamed back chunk by chunk (SSE and JSONL included, never buffered); each exchange is
judged on the side: the request against the operation's request schema and rules (client side), the
answer against the response schema, streams event by event, listings line by line, §5 credentials
and the §7 error shape (server side). Nothing is stored but the reports asked for (and --record);
secrets never reach a report, a record or a log. Point your client at the printed URL (e.g.
OPENAI_BASE_URL=URL/v1).`,
  column: 31,
  sections: [
    { title: 'Proxy', groups: ['proxy'] },
    {
      title: `Reaching the target (the upstream side; a failure here is the proxy's own: a 502 to the client,
never a finding against the deployment)`,
      groups: ['connection'],
    },
    {
      title: 'Stop (whichever comes first; then the reports are written)',
      text: '  SIGINT / SIGTERM (Ctrl-C)     stop accepting, let the exchanges under way end, write the reports;\n                                 a second signal exits at once, without them',
      groups: ['stop'],
    },
    { title: BASELINE_TITLE, groups: ['baseline'] },
    { title: 'Reports', groups: ['reports', 'help'] },
  ],
  after: `The reports have two columns: "server" (the deployment's findings) and "clients" (requests the
interface forbids, reported apart), plus the coverage of the interface the traffic exercised. With
--report-interval, on SIGUSR1 and on the admin port's POST /reports they are written while the proxy
runs too, each file atomically. A finding's curl line carries the kind of credentials the request
presented, never their value; with --record, its replay line is 'conformance run --replay FILE
--exchange N', which sends that exchange again.

Exit codes: 0 no server-side finding at the gating level (those of run, for the server's report),
1 a server-side finding (or an exchange the server did not answer completely), 2 usage error, 3 could
not judge (no exchange of the interface came through, the target never answered one, or the proxy
could not forward them: its TLS settings or its forward proxy). A signal ends the proxy as
--duration does, with these codes. Client-side findings never change the exit code.`,
});

export const MERGE_USAGE = helpText(MERGE_OPTIONS, {
  usage: 'Usage: conformance merge REPORT.json... [options]',
  about: `Merges JSON reports (--json) of one run's shards (run --shard K/N), of several proxies in front of one
deployment (conformance proxy), or of replays, into the report one run (one proxy) would have written,
in every format: per target, the results (a proxy rule judged by several proxies sums its exchanges and
keeps the earliest breach's evidence), the coverage (the union of what each exercised), the summary and
the verdict. Reports that differ in tool version, catalogue, seed, level, runs, target or shard count
are refused, naming the difference; so is a shard missing or given twice.`,
  column: 25,
  sections: [
    { title: 'Merge', groups: ['merge'] },
    { title: BASELINE_TITLE, groups: ['baseline'] },
    { title: 'Reports', groups: ['reports', 'help'] },
  ],
  after: `Exit codes: as the run (the proxy) would give: 0 conformant (no server-side finding), 1 not conformant,
3 could not judge; 2 a file that is not a JSON report of this version (CTS_BAD_REPORT), or reports that
are not of one run, a shard missing or given twice (CTS_MERGE_REFUSED).`,
});
