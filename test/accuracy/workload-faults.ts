/**
 * @module Which planted faults (mock/faults) each client workload's traffic shows, and by which
 * server-side proxy rule: a few per workload, the ones its traffic is about. Measured, not guessed:
 * every fault was run through every workload (`SCAN_WORKLOAD_FAULTS=1` runs that scan in
 * workloads.test.ts; when the table was made, openai-sdk showed 77 of 170 faults, isolation-probes 35,
 * buggy-client 63) and these rows were picked from what it found. workloads.test.ts checks each row
 * still holds, through the proxy and, where `byReplay`, by replaying the workload's recording made
 * against the clean mock.
 */

interface FaultShown {
  readonly fault: string;
  /** A server-side result id the proxy fails on that fault. */
  readonly rule: string;
  /**
   * Whether the replay of the clean recording shows it too. Not when the fault needs ids only the
   * faulty target hands out (a job created then fetched: the replay fetches the recorded id).
   */
  readonly byReplay: boolean;
}

const TABLE: Readonly<Record<string, readonly FaultShown[]>> = {
  'openai-sdk': [
    { fault: 'chat-completions.n-ignored', rule: 'server.n-choices.chat-create', byReplay: true },
    { fault: 'chat-completions.token-ids-missing', rule: 'server.token-ids-per-choice.chat-create', byReplay: true },
    {
      fault: 'chat-completions.structured-outputs-ignored',
      rule: 'server.structured-output.chat-create',
      byReplay: true,
    },
    {
      fault: 'streaming.continuous-usage-ignored',
      rule: 'server.stream-continuous-usage.chat-create',
      byReplay: true,
    },
    { fault: 'streaming.usage-chunk-missing', rule: 'server.stream-usage.chat-create', byReplay: true },
    {
      fault: 'records.read-differs-from-listing',
      rule: 'server.reads-listed-record.predictions-read',
      byReplay: true,
    },
    { fault: 'records.offset-ignored', rule: 'server.page-matches-listing.predictions-list', byReplay: true },
    { fault: 'training-jobs.get-forgets-jobs', rule: 'server.gets-created-job.training-jobs-get', byReplay: false },
  ],
  'isolation-probes': [
    { fault: 'auth.accepts-any-credentials', rule: 'server.other-credentials-refused.chat-create', byReplay: true },
    { fault: 'auth.accepts-other-scheme', rule: 'server.credentials-required.predictions-list', byReplay: true },
    {
      fault: 'auth.basic-password-not-checked',
      rule: 'server.other-credentials-refused.predictions-read',
      byReplay: true,
    },
    { fault: 'auth.serves-data-with-401', rule: 'server.refusal-serves-no-data.predictions-read', byReplay: true },
    {
      fault: 'records.read-ignores-scope',
      rule: 'server.records-belong-to-project.predictions-read',
      byReplay: true,
    },
    { fault: 'records.unknown-id-is-400', rule: 'server.unknown-id-404.scores-read', byReplay: true },
  ],
  'buggy-client': [
    {
      fault: 'chat-completions.continue-with-generation-prompt-accepted',
      rule: 'server.accepts-forbidden.chat-create',
      byReplay: true,
    },
    { fault: 'errors.accepts-malformed-json', rule: 'server.accepts-malformed-json.chat-create', byReplay: true },
    { fault: 'errors.drops-wrong-type-fields', rule: 'server.accepts-invalid-body.chat-create', byReplay: true },
    {
      fault: 'training-jobs.malformed-job-id-is-500',
      rule: 'server.malformed-id-refused.training-jobs-get',
      byReplay: true,
    },
    { fault: 'auth.accepts-missing-credentials', rule: 'server.credentials-required.chat-create', byReplay: true },
    { fault: 'trajectories.error-loc-dotted-string', rule: 'server.error-shape.trajectories-log', byReplay: true },
  ],
};

/** The faults the workload's traffic shows, with the rule that shows each; [] for an unknown workload. */
export function faultsShownBy(workloadId: string): readonly FaultShown[] {
  return TABLE[workloadId] ?? [];
}
