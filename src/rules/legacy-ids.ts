/**
 * @module The proxy's result ids before 0.1.0 (`server.<name>.<op>`), mapped to the check ids that
 * report the same rule now, so that a name a user wrote down keeps selecting what it did.
 */
import { OPERATIONS } from '../core/operations.js';
import { RULE_CHECKS, ruleCheck } from './index.js';
import { slugOf } from './rule.js';

/** Old rule names (`server.<name>`) and the check ids, by template, that judge them now. */
const OLD: Readonly<Record<string, readonly string[]>> = {
  'server.answers': ['target.answers-completely.{op}'],
  'server.credentials-required': [
    'auth.rejects-missing-credentials.{op}',
    'auth.rejects-malformed-credentials.{op}',
    'auth.rejects-other-scheme.{op}',
  ],
  'server.other-credentials-refused': ['auth.rejects-wrong-credentials.{op}', 'auth.rejects-derived-credentials.{op}'],
  'server.refusal-serves-no-data': [
    'auth.rejects-missing-credentials.{op}',
    'auth.rejects-malformed-credentials.{op}',
    'auth.rejects-other-scheme.{op}',
    'auth.rejects-wrong-credentials.{op}',
    'auth.rejects-derived-credentials.{op}',
  ],
  'server.answers-401': ['auth.answers-401.{op}'],
  'server.response-schema': ['acceptance.valid-request-succeeds.{op}'],
  'server.json-content-type': ['acceptance.json-content-type.{op}'],
  'server.jsonl-content-type': ['acceptance.jsonl-content-type.{op}'],
  'server.error-shape': ['errors.error-body-shape.{op}'],
  'server.accepts-malformed-json': ['errors.rejects-malformed-json.{op}'],
  'server.accepts-invalid-body': ['errors.rejects-invalid-body.{op}', 'errors.rejects-non-object-json.{op}'],
  'server.error-without-internals': ['errors.error-message-without-internals.{op}'],
  'server.no-5xx': ['errors.never-5xx-on-odd-input.{op}', 'acceptance.valid-request-succeeds.{op}'],
  'server.jsonl-records': ['{kind}.list-is-jsonl-of-records'],
  'server.list-limit': ['{kind}.limit-bounds-count'],
  'server.list-filter': ['{kind}.filter-by-evaluation-run'],
  'server.filter-complete': ['{kind}.filter-by-evaluation-run'],
  'server.stable-order': ['{kind}.stable-order'],
  'server.page-matches-listing': ['{kind}.offset-skips'],
  'server.reads-id-asked': ['{kind}.listed-records-read-back', 'training-jobs.get-returns-same-id'],
  'server.reads-listed-record': ['{kind}.listed-records-read-back'],
  'server.gets-created-job': ['training-jobs.get-returns-same-id'],
  'server.svc-user-id': ['{kind}.svc-user-id-server-filled'],
  'server.records-belong-to-project': ['{kind}.records-belong-to-project'],
  'server.one-uri-scheme': ['{kind}.uri-fields-share-one-scheme'],
  'server.unknown-id-404': ['{kind}.unknown-id-is-404', 'training-jobs.unknown-id-is-404'],
  'server.malformed-id-refused': ['training-jobs.malformed-id-is-4xx'],
  'server.usage-adds-up': ['chat-completions.usage-adds-up'],
  'server.n-choices': ['chat-completions.n-choices-indexed'],
  'server.completion-bound': ['chat-completions.max-tokens-bound-completion{streamed}'],
  'server.min-tokens': ['chat-completions.min-tokens-honoured{streamed}'],
  'server.stop-strings': ['chat-completions.stop-strings-honoured'],
  'server.request-id-returned': ['chat-completions.returns-request-id{streamed}'],
  'server.accepts-forbidden': [
    'chat-completions.rejects-continue-with-generation-prompt{streamed}',
    'chat-completions.priority-follows-scheduling{streamed}',
  ],
  'server.token-ids-per-choice': ['chat-completions.return-token-ids-per-choice'],
  'server.token-ids-match-usage': ['chat-completions.return-token-ids-match-usage'],
  'server.logprobs-shape': ['chat-completions.logprobs-shape-and-counts{streamed}'],
  'server.logprobs-bytes-order': ['chat-completions.logprobs-bytes-and-order'],
  'server.logprobs-join': ['chat-completions.logprobs-tokens-join-to-content{streamed}'],
  'server.tokens-as-token-ids': ['chat-completions.tokens-as-token-ids'],
  'server.echo-prepends': ['chat-completions.echo-prepends-last-message{streamed}'],
  'server.reasoning-omitted': ['chat-completions.include-reasoning-false-omits-reasoning{streamed}'],
  'server.structured-output': [
    'chat-completions.structured-outputs-choice{streamed}',
    'chat-completions.structured-outputs-regex{streamed}',
    'chat-completions.structured-outputs-json{streamed}',
    'chat-completions.response-format-json-schema{streamed}',
  ],
  'server.stream-content-type': ['streaming.event-stream-content-type'],
  'server.streamed-count-matches': ['streaming.token-count-matches-non-streamed'],
  'server.stream-json': ['streaming.data-payloads-are-json'],
  'server.stream-chunk-shape': ['streaming.chunks-are-chat-completion-chunks'],
  'server.stream-one-id': ['streaming.one-id-across-chunks'],
  'server.stream-role-first': ['streaming.role-in-first-delta'],
  'server.stream-one-finish': ['streaming.one-finish-reason-per-choice'],
  'server.stream-indices': ['streaming.contiguous-choice-indices'],
  'server.stream-usage': ['streaming.usage-chunk-last-and-adds-up'],
  'server.stream-done-last': ['streaming.done-is-last'],
  'server.stream-complete': ['streaming.ends-with-done'],
  'server.stream-error-event': ['streaming.no-error-event'],
  'server.stream-token-ids': ['streaming.return-token-ids-deltas'],
  'server.stream-continuous-usage': ['streaming.continuous-usage-non-decreasing'],
};

const KNOWN = new Set(RULE_CHECKS.map((c) => c.id));

function expand(template: string, slug: string): string[] {
  const op = OPERATIONS.find((o) => slugOf(o.id) === slug);
  if (!op) return [];
  const kind = op.id.startsWith('predictions.') ? 'predictions' : op.id.startsWith('scores.') ? 'scores' : undefined;
  if (template.includes('{kind}') && !kind) return [];
  const literal = !template.includes('{op}') && !template.includes('{kind}');
  const id = template.replace('{op}', slug).replace('{kind}', kind ?? '');
  const ids = id.includes('{streamed}') ? [id.replace('{streamed}', ''), id.replace('{streamed}', '.streamed')] : [id];
  // A literal id is one operation's: an old id of another operation does not stand for it.
  return literal ? ids.filter((i) => ruleCheck(i) && slugOf(ruleCheck(i)!.operation) === slug) : ids;
}

/**
 * The check ids an old proxy result id (`server.credentials-required.chat-create`), or an old rule
 * name without its operation (`server.credentials-required`: every operation), stands for; undefined
 * when it is not an old id.
 */
export function legacyIds(name: string): readonly string[] | undefined {
  const exact = OLD[name];
  const base = exact ? name : name.slice(0, name.lastIndexOf('.'));
  const templates = OLD[base];
  if (!templates) return undefined;
  const slugs = exact ? OPERATIONS.map((o) => slugOf(o.id)) : [name.slice(base.length + 1)];
  const ids = new Set(slugs.flatMap((slug) => templates.flatMap((t) => expand(t, slug))));
  return [...ids].filter((id) => KNOWN.has(id));
}
