/** @module The documented rules of chat completions (§4.1, §7, §8): conditions, ranges, enums, paths. */
import { BODY_REJECTION_CONVENTION } from '../../src/rules/answer-facts.js';
import { defineCheck, type CheckDefinition } from '../../src/core/check.js';
import { ConformanceError } from '../../src/core/errors.js';
import { fail, pass } from '../../src/core/result.js';
import { describeResponse } from '../../src/core/describe.js';
import { minimalChatRequest } from '../../src/kit/requests.js';
import { forbiddenAcceptedBreach } from '../../src/rules/chat-answer.js';
import { CHAT_ANSWER_RULES } from '../../src/rules/chat-answer-rules.js';
import { checkIdentityOn } from '../../src/rules/rule.js';
import {
  chatPath,
  expectCompletion,
  expectRejected,
  failAnswer,
  rawChatBody,
  sendChat,
  sendRawChat,
  targetUrl,
} from './chat-exchange.js';
import { answerIn, holdsIn, inBothModes, sendIn } from './in-mode.js';
import { is2xx, is4xx, isJsonObject } from '../../src/core/values.js';

/** A conversation whose last (assistant) message can be continued (prefill). */
const PREFILL_MESSAGES = [
  { role: 'user', content: 'Count from one to five.' },
  { role: 'assistant', content: 'One, two,' },
];

/** A MUST that `field` accepts a value (if given) and refuses each of `rejected` (JSON texts, sent raw if `raw`). */
function boundCheck(rule: {
  id: string;
  section: string;
  requirement: string;
  field: string;
  accepted?: { value: unknown; what: string };
  rejected: readonly string[];
  raw?: boolean;
  why: string;
}): CheckDefinition {
  const { id, section, requirement, field, accepted, rejected, raw, why } = rule;
  return defineCheck({
    id,
    operation: 'chat.create',
    section,
    level: 'SHOULD',
    convention: BODY_REJECTION_CONVENTION,
    requirement,
    async run(ctx) {
      if (accepted) {
        const r = await answerIn(ctx, 'non-streamed', { [field]: accepted.value }, accepted.what);
        if (!r.ok) return r.outcome;
      }
      for (const literal of rejected) {
        const ex = raw
          ? await sendRawChat(ctx, rawChatBody(ctx, field, literal))
          : await sendChat(ctx, { [field]: JSON.parse(literal) });
        const bad = expectRejected(ex, `${field} ${literal} rejected with a 4xx: ${why}`);
        if (bad) return bad;
      }
      return pass();
    },
  });
}

// --priority-scheduling says which branch of §7.1 applies; priority 0, the default, is the control in both.
const [priorityFollowsScheduling, priorityFollowsSchedulingStreamed] = inBothModes({
  id: 'chat-completions.priority-follows-scheduling',
  ...checkIdentityOn(CHAT_ANSWER_RULES.priorityFollowsScheduling, 'chat.create'),
  async run(ctx, mode) {
    const control = await answerIn(ctx, mode, { priority: 0 }, 'a request with priority 0 (the default)');
    if (!control.ok) return control.outcome;
    if (ctx.target.priorityScheduling) {
      const r = await answerIn(ctx, mode, { priority: 1 }, 'priority 1 to a target declared with priority scheduling');
      return r.ok ? pass(['target declared with priority scheduling: priority 1 accepted']) : r.outcome;
    }
    const ex = await sendIn(ctx, mode, { priority: 1 });
    if (forbiddenAcceptedBreach({ priority: 1 }, ex.response.status, false))
      return failAnswer(
        ex,
        'priority 1 rejected with a 4xx: the target is declared without priority scheduling (§7.1); pass --priority-scheduling if it has it',
      );
    return pass(['target declared without priority scheduling: priority 1 rejected']);
  },
  schedule: { maxRequests: () => 2 },
});

// §7.2: both sent as true is the case no reading can accept.
const [rejectsContinueWithGenerationPrompt, rejectsContinueWithGenerationPromptStreamed] = inBothModes({
  id: 'chat-completions.rejects-continue-with-generation-prompt',
  ...checkIdentityOn(CHAT_ANSWER_RULES.rejectsContinueWithGenerationPrompt, 'chat.create'),
  async run(ctx, mode) {
    const sent = { messages: PREFILL_MESSAGES, continue_final_message: true, add_generation_prompt: true };
    const ex = await sendIn(ctx, mode, sent);
    if (forbiddenAcceptedBreach(sent, ex.response.status) === undefined) return pass();
    return failAnswer(ex, '4xx: continue_final_message cannot be used together with add_generation_prompt (§7.2)');
  },
  schedule: { maxRequests: () => 1 },
});

// add_generation_prompt defaults to true, so a strict reading of §7.2 would also refuse
// continue_final_message alone; vLLM accepts it, and clients rely on that for prefill.
const acceptsContinueFinalMessageAlone = defineCheck({
  id: 'chat-completions.accepts-continue-final-message-alone',
  ...checkIdentityOn(CHAT_ANSWER_RULES.acceptsContinueAlone, 'chat.create'),
  run: (ctx) =>
    holdsIn(
      ctx,
      'non-streamed',
      { messages: PREFILL_MESSAGES, continue_final_message: true },
      'a request with only continue_final_message: true',
    ),
});

// §8 prints the signed 64-bit limits as floats; seeds are sent as exact JSON integers.
const SEED_INSIDE = ['-9223372036854775808', '9223372036854775807'];
const SEED_BEYOND = ['10000000000000000000', '-10000000000000000000'];
const SEED_SLIVER = ['9223372036854775808', '9223372036854776000', '-9223372036854775809', '-9223372036854776000'];

export const acceptsSeedWithinInt64 = defineCheck({
  id: 'chat-completions.accepts-seed-within-int64',
  operation: 'chat.create',
  section: '§8',
  level: 'MUST',
  requirement:
    'A seed at the signed 64-bit limits (-9223372036854775808, 9223372036854775807), inside the §8 range, is accepted.',
  async run(ctx) {
    for (const literal of SEED_INSIDE) {
      const ex = await sendRawChat(ctx, rawChatBody(ctx, 'seed', literal));
      const r = expectCompletion(ctx, ex, `seed ${literal} (inside the §8 range)`);
      if (!r.ok) return r.outcome;
    }
    return pass();
  },
});

export const rejectsSeedBeyondBound = boundCheck({
  id: 'chat-completions.rejects-seed-beyond-bound',
  section: '§8',
  requirement: 'A seed clearly beyond the §8 range (±10000000000000000000) is rejected with a 4xx.',
  field: 'seed',
  rejected: SEED_BEYOND,
  raw: true,
  why: '§8 bounds seed to ±9223372036854776000',
});

// Between 2^63-1 and the printed bound a 64-bit server refuses, a literal reader of §8 accepts: both conform.
export const seedBetweenInt64AndPrintedBound = defineCheck({
  id: 'chat-completions.seed-between-int64-and-printed-bound',
  operation: 'chat.create',
  section: '§8',
  level: 'INFO',
  requirement:
    'A seed between the 64-bit limit and the printed §8 bound is either accepted or rejected with a 4xx (observation).',
  async run(ctx) {
    const notes: string[] = [];
    for (const literal of SEED_SLIVER) {
      const ex = await sendRawChat(ctx, rawChatBody(ctx, 'seed', literal));
      if (is2xx(ex.response.status)) notes.push(`seed ${literal}: accepted (§8 printed bound)`);
      else if (is4xx(ex.response.status))
        notes.push(`seed ${literal}: rejected with ${ex.response.status} (64-bit reading)`);
      else return failAnswer(ex, `seed ${literal} accepted (2xx) or rejected (4xx)`);
    }
    return pass(notes);
  },
});

const truncatePromptTokensRange = boundCheck({
  id: 'chat-completions.truncate-prompt-tokens-range',
  section: '§8',
  requirement:
    'truncate_prompt_tokens -1 (the lower bound) is accepted; -2 and 10000000000000000000 (beyond the §8 range) are rejected with a 4xx.',
  field: 'truncate_prompt_tokens',
  accepted: { value: -1, what: 'truncate_prompt_tokens -1 (the §8 lower bound)' },
  rejected: ['-2', '10000000000000000000'],
  raw: true,
  why: '§8 bounds it to -1..9223372036854776000',
});

// Sent without tools, so that no reading lets a server use another value.
const toolChoiceOnlyNone = boundCheck({
  id: 'chat-completions.tool-choice-only-none',
  section: '§4.1',
  requirement: 'tool_choice "none" is accepted and any other value is rejected with a 4xx.',
  field: 'tool_choice',
  accepted: { value: 'none', what: 'tool_choice "none"' },
  rejected: ['"auto"', '"required"'],
  why: 'the only allowed value is "none" (§4.1)',
});

// "low" is the control: a server refusing the field altogether does not pass for the wrong reason.
const reasoningEffortEnum = boundCheck({
  id: 'chat-completions.reasoning-effort-enum',
  section: '§4.1',
  requirement: 'reasoning_effort "low" is accepted and a value outside low/medium/high is rejected with a 4xx.',
  field: 'reasoning_effort',
  accepted: { value: 'low', what: 'reasoning_effort "low"' },
  rejected: ['"extreme"'],
  why: 'one of low, medium, high (§4.1)',
});

const SERVICE_TIERS = ['auto', 'default', 'flex', 'scale', 'priority'];

export const serviceTierInSet = defineCheck({
  id: 'chat-completions.service-tier-in-set',
  operation: 'chat.create',
  section: '§4.1',
  level: 'MUST',
  requirement: 'A response service_tier, when present and not null, is one of auto, default, flex, scale, priority.',
  async run(ctx) {
    const ex = await sendChat(ctx);
    if (!is2xx(ex.response.status)) return failAnswer(ex, 'the minimal request answered 2xx (§4.1)');
    // A 2xx whose body is not a JSON object has no service_tier to read: FAIL (§4.1 states the
    // response is JSON, and this valid request's answer is this check's own precondition).
    const json = ex.json;
    if (!isJsonObject(json)) {
      return fail({
        expected:
          'the minimal request answered 2xx with a JSON object, a §4.1 chat completion whose service_tier can be read',
        actual: `${describeResponse(ex)}: ${ex.response.truncated ? 'the body was cut at the read cap' : json === undefined ? 'the body is not JSON' : 'the body is JSON but not an object'}`,
        exchange: ex,
      });
    }
    const tier = json.service_tier;
    if (tier !== undefined && tier !== null && !(typeof tier === 'string' && SERVICE_TIERS.includes(tier))) {
      return fail({
        expected: `service_tier one of ${SERVICE_TIERS.join(', ')}, or null`,
        actual: `service_tier ${JSON.stringify(tier)}`,
        exchange: ex,
      });
    }
    // An absent service_tier passes only on a chat completion: on `{}` its absence says nothing.
    const r = expectCompletion(ctx, ex, 'the minimal request');
    return r.ok
      ? pass(tier === undefined || tier === null ? ['no service_tier in the answer (optional)'] : [])
      : r.outcome;
  },
});

const requiresMessages = defineCheck({
  id: 'chat-completions.requires-messages',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: BODY_REJECTION_CONVENTION,
  requirement: 'A request without messages is rejected with a 4xx.',
  async run(ctx) {
    const { messages: _omitted, ...body } = minimalChatRequest(ctx.target);
    const ex = await ctx.http.send({ method: 'POST', path: chatPath(ctx), json: body });
    return expectRejected(ex, '4xx: messages is the one required field (§4.1)') ?? pass();
  },
});

// A 307/308 (FastAPI's redirect_slashes) keeps the method and body; 301/302/303 turn a POST into a GET.
export const trailingSlashPath = defineCheck({
  id: 'chat-completions.trailing-slash-path',
  ...checkIdentityOn(CHAT_ANSWER_RULES.trailingSlashPath, 'chat.create'),
  async run(ctx) {
    let ex;
    try {
      ex = await sendChat(ctx, {}, { trailingSlash: true });
    } catch (err) {
      if (!ConformanceError.is(err) || err.code !== 'CTS_REDIRECT') throw err;
      const status = err.details.status;
      if (status !== 307 && status !== 308)
        return fail({
          expected: 'a chat completion, or a 307/308 redirect that keeps the POST and its body',
          actual: err.message,
        });
      // Only a redirect to the §4.1 path on the same origin serves the variant (another origin would
      // get the client's token).
      const from = targetUrl(ctx, chatPath(ctx, true));
      const wanted = targetUrl(ctx, chatPath(ctx));
      const location = String(err.details.location ?? '');
      const to = URL.canParse(location, from.href) ? new URL(location, from) : undefined;
      if (to && to.origin === from.origin && to.pathname === wanted.pathname) {
        return pass([`the trailing-slash path is served through a ${status} redirect to ${to.pathname}`]);
      }
      const where = !to
        ? 'a Location that is not a URL'
        : to.origin !== from.origin
          ? `another origin (${to.origin})`
          : `another path (${to.pathname})`;
      return fail({
        expected: `a chat completion, or a 307/308 redirect to ${wanted.pathname} on the same origin (${from.origin})`,
        actual: `HTTP ${status} with Location ${JSON.stringify(location)}: a redirect to ${where}`,
      });
    }
    const r = expectCompletion(ctx, ex, 'POST to the trailing-slash path /v1/chat/completions/');
    return r.ok ? pass() : r.outcome;
  },
});

export const ruleChecks = [
  priorityFollowsScheduling,
  priorityFollowsSchedulingStreamed,
  rejectsContinueWithGenerationPrompt,
  rejectsContinueWithGenerationPromptStreamed,
  acceptsContinueFinalMessageAlone,
  acceptsSeedWithinInt64,
  rejectsSeedBeyondBound,
  seedBetweenInt64AndPrintedBound,
  truncatePromptTokensRange,
  toolChoiceOnlyNone,
  reasoningEffortEnum,
  serviceTierInSet,
  requiresMessages,
  trailingSlashPath,
] as const;

// The non-streamed halves are imported by the variant tests.
export { priorityFollowsScheduling };
