/**
 * @module Which planted faults (mock/faults) each client workload's traffic shows, and by which
 * server-side proxy rule: a few per workload, the ones its traffic is about. Measured, not guessed:
 * every fault was run through every workload (`SCAN_WORKLOAD_FAULTS=1` runs that scan in
 * workloads.test.ts; when the table was made, openai-sdk showed 77 of 170 faults, isolation-probes 35,
 * buggy-client 63; in the latest scan the five workloads together showed 162 of 169) and these rows were picked from what it found. workloads.test.ts checks each row
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
    {
      fault: 'chat-completions.n-ignored',
      rule: 'chat-completions.n-choices-indexed',
      byReplay: true,
    },
    {
      fault: 'chat-completions.token-ids-missing',
      rule: 'chat-completions.return-token-ids-per-choice',
      byReplay: true,
    },
    {
      fault: 'chat-completions.structured-outputs-ignored',
      rule: 'chat-completions.structured-outputs-choice',
      byReplay: true,
    },
    {
      fault: 'streaming.continuous-usage-ignored',
      rule: 'streaming.continuous-usage-non-decreasing',
      byReplay: true,
    },
    {
      fault: 'streaming.usage-chunk-missing',
      rule: 'streaming.usage-chunk-last-and-adds-up',
      byReplay: true,
    },
    {
      fault: 'records.read-differs-from-listing',
      rule: 'predictions.listed-records-read-back',
      byReplay: true,
    },
    {
      fault: 'records.offset-ignored',
      rule: 'predictions.offset-skips',
      byReplay: true,
    },
    {
      fault: 'training-jobs.get-forgets-jobs',
      rule: 'training-jobs.get-returns-same-id',
      byReplay: false,
    },
  ],
  'isolation-probes': [
    {
      fault: 'auth.accepts-any-credentials',
      rule: 'auth.rejects-wrong-credentials.chat-create',
      byReplay: true,
    },
    {
      fault: 'auth.accepts-other-scheme',
      rule: 'auth.rejects-derived-credentials.predictions-list',
      byReplay: true,
    },
    {
      fault: 'auth.basic-password-not-checked',
      rule: 'auth.rejects-derived-credentials.predictions-read',
      byReplay: true,
    },
    {
      fault: 'auth.serves-data-with-401',
      rule: 'auth.rejects-missing-credentials.predictions-read',
      byReplay: true,
    },
    {
      fault: 'records.read-ignores-scope',
      rule: 'predictions.records-belong-to-project',
      byReplay: true,
    },
    {
      fault: 'records.unknown-id-is-400',
      rule: 'scores.unknown-id-is-404',
      byReplay: true,
    },
  ],
  'buggy-client': [
    {
      fault: 'chat-completions.continue-with-generation-prompt-accepted',
      rule: 'chat-completions.rejects-continue-with-generation-prompt',
      byReplay: true,
    },
    {
      fault: 'errors.accepts-malformed-json',
      rule: 'errors.rejects-malformed-json.chat-create',
      byReplay: true,
    },
    {
      fault: 'errors.drops-wrong-type-fields',
      rule: 'errors.rejects-invalid-body.chat-create',
      byReplay: true,
    },
    {
      fault: 'training-jobs.malformed-job-id-is-500',
      rule: 'training-jobs.malformed-id-is-4xx',
      byReplay: true,
    },
    {
      fault: 'auth.accepts-missing-credentials',
      rule: 'auth.rejects-missing-credentials.chat-create',
      byReplay: true,
    },
    {
      fault: 'trajectories.error-loc-dotted-string',
      rule: 'errors.error-body-shape.trajectories-log',
      byReplay: true,
    },
  ],
  'vllm-features': [
    {
      fault: 'chat-completions.tokens-as-text-despite-token-ids',
      rule: 'chat-completions.tokens-as-token-ids',
      byReplay: true,
    },
    {
      fault: 'chat-completions.min-tokens-ignored',
      rule: 'chat-completions.min-tokens-honoured',
      byReplay: true,
    },
    {
      fault: 'chat-completions.priority-field-rejected',
      rule: 'chat-completions.priority-follows-scheduling',
      byReplay: true,
    },
    {
      fault: 'chat-completions.trailing-slash-not-served',
      rule: 'chat-completions.trailing-slash-path',
      byReplay: true,
    },
    {
      fault: 'chat-completions.echo-ignored',
      rule: 'chat-completions.echo-prepends-last-message',
      byReplay: true,
    },
    {
      fault: 'acceptance.truncate-capped-at-int32',
      rule: 'acceptance.every-field-accepted.chat-create',
      byReplay: true,
    },
    {
      fault: 'chat-completions.request-id-not-in-stream',
      rule: 'chat-completions.returns-request-id.streamed',
      byReplay: true,
    },
  ],
  'records-and-jobs': [
    {
      fault: 'errors.ignores-bad-list-params',
      rule: 'errors.rejects-wrong-type-query.predictions-list',
      byReplay: true,
    },
    {
      fault: 'errors.list-param-error-as-400-reason',
      rule: 'errors.query-error-shape.scores-list',
      byReplay: true,
    },
    {
      fault: 'errors.huge-offset-crash',
      rule: 'acceptance.valid-request-succeeds.predictions-list',
      byReplay: true,
    },
    {
      fault: 'training-jobs.unknown-job-is-200',
      rule: 'training-jobs.unknown-id-is-404',
      byReplay: true,
    },
    {
      fault: 'trajectories.only-known-splits',
      rule: 'trajectories.accepts-any-split-string',
      byReplay: true,
    },
    {
      fault: 'records.filter-ignored',
      rule: 'predictions.filter-by-evaluation-run',
      byReplay: true,
    },
    {
      fault: 'records.unstable-order',
      rule: 'predictions.stable-order',
      byReplay: true,
    },
    {
      fault: 'records.svc-user-id-missing',
      rule: 'scores.svc-user-id-server-filled',
      byReplay: true,
    },
    {
      fault: 'training-jobs.get-returns-other-id',
      rule: 'training-jobs.get-returns-same-id',
      byReplay: false,
    },
  ],
};

/** The faults the workload's traffic shows, with the rule that shows each; [] for an unknown workload. */
export function faultsShownBy(workloadId: string): readonly FaultShown[] {
  return TABLE[workloadId] ?? [];
}
