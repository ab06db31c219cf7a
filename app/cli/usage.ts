/** @module The CLI's help text. */
import { REPORT_FORMATS } from '../../reporters/registry.js';

export const USAGE = `Usage: conformance <command> [options]

Commands:
  run      Run the conformance suite against a target (default: the bundled mock, in-process)
  mock     Start the bundled reference mock as a standalone HTTP server
  list     Print the check catalogue (id, level, section, requirement)
  coverage Print the coverage model: every part of the interface a full run exercises
  proxy    Put a judging proxy between your clients and a deployment: every exchange judged, reports on stop
  help     Print this help

Run 'conformance <command> --help' for the options of a command.
`;

/** The flags of app/cli/connection-flags.ts, the same for run, --replay and proxy. */
const CONNECTION_HELP = `  --header 'Name: value'       added to every request (repeatable; or env CONFORMANCE_HEADER_<NAME>);
                               values of secret-named headers (key, token, secret...) are redacted
  --proxy URL                  forward proxy (or env CONFORMANCE_PROXY; default HTTPS_PROXY /
                               HTTP_PROXY, with NO_PROXY); credentials in the URL are redacted
  --ca-cert FILE               PEM CA to trust besides the system's (a private CA)
  --client-cert FILE --client-key FILE    a client certificate for an mTLS front
  --insecure                   do not verify TLS certificates (every report says so)
`;

export const RUN_USAGE = `Usage: conformance run [options]

Runs the check catalogue against a target. Without --target, starts the bundled mock in-process on a
loopback port and runs against it.

Target
  --target URL                 base URL of a deployment (repeat to compare several side by side)
  --token T                    bearer token for /v1 (or env CONFORMANCE_TOKEN)
  --basic USER:PASS            basic credentials for /v2 (or env CONFORMANCE_BASIC)
  --entity E --project P       where the evaluation records live (default acme/evals)
  --model NAME                 model name sent in chat requests
  --model-id UUID              model id for training jobs and trajectory logging
  --priority-scheduling        the served model uses priority scheduling (§7.1)
  --allow-writes               run checks with side effects (create jobs, log trajectories)
  --max-writes N               most requests with side effects a real target may answer 2xx
                               (training jobs created, trajectories logged; default 10)
  --plan                       print what the run would send (requests per operation, writes,
                               completion tokens, time budget) and send nothing
  --param-evaluation-run-id N  query parameter names of the list endpoints
  --param-limit N --param-offset N    (not fixed by the spec; default evaluation_run_id, limit, offset)

Reaching the target (also with --replay)
${CONNECTION_HELP}
Replay (recorded traffic, judged against another target)
  --replay FILE                send the exchanges of a 'conformance proxy --record' file again, in
                               file order, to the one --target through the judging proxy: the reports,
                               coverage and exit code are the proxy's (--level defaults to should).
                               Requests recorded with credentials get the run's (--token, --basic),
                               those recorded as refused (401/403) deliberately wrong ones; writes
                               need --allow-writes. --concurrency N requests in flight (default 8);
                               --timeout MS bounds the headers and each pause in a body (default 60000)

Selection and gating
  --level must|should          gate on MUST only (default) or on MUST and SHOULD
  --only ID|PREFIX|§N          run only matching checks (repeat or comma-separate)
  --skip ID|PREFIX|§N          leave matching checks out
  --shard K/N                  run the K-th of N deterministic slices of the catalogue
  --expect FILE                known failures (check id + reason) that do not fail the gate
  --min-coverage N             not conformant unless the run covers at least N% of the coverage
                               model (see 'conformance coverage')

Cases and limits
  --seed N                     fixes every generated case (printed in every report)
  --runs N                     cases per property (default 25)
  --timeout MS                 per-request deadline (default 10000)
  --deadline MS                whole-run deadline (default: the worst case the plan allows, printed at the start)
  --concurrency N              checks in flight (default 8)
  --retries N                  retries of 429/503 honouring Retry-After (default 2)
  --max-body-bytes N           most bytes read of one response (default 4 MiB)
  --list-cap N                 most records read from one listing (default 10000)
  --max-completion-tokens N    largest completion a chat case asks for (default 16)
  --accept-encoding VALUE      Accept-Encoding of every request, answers decoded as they come
                               (default "gzip, deflate", as the openai SDK sends; identity: none)

Reports
${REPORT_FORMATS.map((f) => `  --${f.name} FILE`.padEnd(31) + f.help).join('\n')}
  --config FILE                conformance.config.json (everything above except secrets)
  --quiet                      no progress and no matrix
  --console                    print the matrix even when stdout is not a terminal
  --no-color

Exit codes: 0 conformant at the gating level, 1 not conformant, 2 usage or configuration error,
3 could not judge (the target was unreachable, over the network, its proxy or TLS; what answered was
not the interface; or the credentials were refused, by the interface or a gateway). With --replay:
0 no server-side finding, 1 one (or an exchange not answered completely), 2 usage error or a recording
that cannot be read or holds nothing to replay (CTS_BAD_REPLAY).
`;

export const LIST_USAGE = `Usage: conformance list [--only ID|PREFIX|§N] [--skip ID|PREFIX|§N] [--json]

Prints the check catalogue: id, level, section, requirement (and the convention of SHOULD checks).
`;

export const COVERAGE_USAGE = `Usage: conformance coverage [--json]

Prints the coverage model: per operation, every request field (sent in an accepted request; chat in
both modes), every constraint (sent breaking it, rejected), every named value and documented bound,
every response field (observed), every auth presentation (rejected) and every scoping probe, all
derived from the schemas; then the parts the interface gives no way to exercise, with the reason.
A run reports how much of it was exercised (see README, "Coverage").
`;

export const PROXY_USAGE = `Usage: conformance proxy --target URL [options]

A transparent proxy between your clients and a deployment. Every request is forwarded unchanged and
every answer streamed back chunk by chunk (SSE and JSONL included, never buffered); each exchange is
judged on the side: the request against the operation's request schema and rules (client side), the
answer against the response schema, streams event by event, listings line by line, §5 credentials
and the §7 error shape (server side). Nothing is stored but the reports asked for (and --record);
secrets never reach a report, a record or a log. Point your client at the printed URL (e.g.
OPENAI_BASE_URL=URL/v1).

Proxy
  --target URL                 base URL of the deployment (required)
  --host HOST                  address to listen on (default 127.0.0.1)
  --port P                     port to listen on (default 0: a free port, printed)
  --timeout MS                 most time for the server's response headers, and for a client to send
                               its request (default 300000); a server too slow gets a 504
  --idle-timeout MS            most time without a byte on a body before the exchange is cut
                               (default 60000)
  --max-body-bytes N           largest body judged whole (a JSON request or answer; default 4 MiB):
                               a longer one is forwarded unjudged
  --token T                    the Bearer token the deployment accepts (default $CONFORMANCE_TOKEN);
                               with it, a 2xx to any other token is a §5 failure
  --basic USER:PASS            the Basic credentials it accepts on /v2 (default $CONFORMANCE_BASIC);
                               without either, the proxy judges only missing or other-scheme credentials
  --priority-scheduling on|off whether the served model uses priority scheduling: with off, a 2xx to a
                               non-zero priority is a §7.1 failure (not judged when not given)

Reaching the target (the upstream side; a failure here is the proxy's own: a 502 to the client,
never a finding against the deployment)
${CONNECTION_HELP}
Stop (whichever comes first; then the reports are written)
  SIGINT / SIGTERM (Ctrl-C)
  --duration S                 stop after S seconds
  --max-exchanges N            stop after N exchanges

Reports
${REPORT_FORMATS.map((f) => `  --${f.name} FILE`.padEnd(31) + f.help).join('\n')}
  --record FILE                every exchange of the interface as a JSON line, redacted (the request
                               as sent, the answer's status, headers and first bytes, the findings)
  --record-bodies              with --record: keep whole answers (up to 16 MiB each; a stream's events
                               each with its time offset), what 'conformance mock --fixtures' serves
  --level must|should          gating level of the exit code (default should: MUST and SHOULD)
  --quiet                      no live findings, no matrix
  --console                    print the matrix even when stdout is not a terminal
  --no-color

The reports have two columns: "server" (the deployment's findings) and "clients" (requests the
interface forbids, reported apart), plus the coverage of the interface the traffic exercised.

Exit codes: 0 no server-side finding at the gating level, 1 a server-side finding (or an exchange the
server did not answer completely), 2 usage error, 3 could not judge (exchanges the proxy itself could
not forward: its TLS settings or its forward proxy). Client-side findings never change the exit code.
`;
