/** @module The ids faults had before each was named for its area: a former id still plants its fault. */

const FORMER_PREFIXES: Readonly<Record<string, string>> = {
  chat: 'chat-completions',
  training: 'training-jobs',
};

/** The faults once named `coverage.<name>`, by their ids now (`<area>.<name>`). */
const FORMERLY_COVERAGE: readonly string[] = [
  'acceptance.documents-or-engine-xargs-crash',
  'acceptance.trajectory-logs-rejected',
  'acceptance.truncate-capped-at-int32',
  'auth.basic-password-not-checked',
  'auth.token-compared-by-prefix',
  'auth.token-prefix-accepted',
  'auth.v1-token-accepted-on-v2',
  'auth.v2-basic-accepted-on-v1',
  'chat-completions.echo-ignored-when-streamed',
  'chat-completions.max-tokens-ignored-when-streamed',
  'chat-completions.output-controls-ignored-when-streamed',
  'chat-completions.request-id-not-in-stream',
  'chat-completions.rules-not-enforced',
  'chat-completions.section-7-not-enforced-when-streamed',
  'chat-completions.token-controls-ignored-when-streamed',
  'errors.start-time-format-not-enforced',
  'errors.tool-type-not-enforced',
  'records.read-ignores-scope',
  'records.records-without-ids',
];

/** The id a fault has now, given the id it had before (an id that was never renamed: undefined). */
export function currentFaultId(former: string): string | undefined {
  const dot = former.indexOf('.');
  if (dot < 0) return undefined;
  const prefix = former.slice(0, dot);
  const name = former.slice(dot + 1);
  const area = FORMER_PREFIXES[prefix];
  if (area) return `${area}.${name}`;
  if (prefix === 'coverage') return FORMERLY_COVERAGE.find((id) => id.slice(id.indexOf('.') + 1) === name);
  return undefined;
}
