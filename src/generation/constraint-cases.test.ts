import { expect, test } from 'vitest';
import { registry } from '../schemas/registry.js';
import { constraintCases } from './constraint-cases.js';
import { everyFieldChatRequests } from './realistic/chat-request.js';
import { everyFieldTrainingRequests } from './realistic/training-request.js';

const chat = everyFieldChatRequests({ maxCompletionTokens: 8 }, 1)[1]!;

test('every rejected case breaks the schema at its field, and only there; every accepted case is valid', () => {
  const cases = [
    ...constraintCases(registry(), 'chat/chat-completion-request', chat).map(
      (c) => ['chat/chat-completion-request', c] as const,
    ),
    ...constraintCases(
      registry(),
      'training/training-job-create-request',
      everyFieldTrainingRequests({}, 1).create,
    ).map((c) => ['training/training-job-create-request', c] as const),
  ];
  expect(cases.length).toBeGreaterThan(10);
  for (const [schema, c] of cases) {
    const v = registry().validate(schema, JSON.parse(c.text));
    expect(v.ok, c.label).toBe(c.expect === 'accepted');
  }
});

test('the §8 bounds are written as exact 64-bit literals at the bound and 2^64 beyond it', () => {
  const seed = constraintCases(registry(), 'chat/chat-completion-request', chat).filter((c) => c.path === 'seed');
  expect(seed.map((c) => `${c.expect} ${/"seed":(-?\d+)/.exec(c.text)?.[1]}`).sort()).toEqual([
    'accepted -9223372036854775808',
    'accepted 9223372036854775807',
    'rejected -18446744073709551616',
    'rejected 18446744073709551616',
  ]);
  const truncate = constraintCases(registry(), 'chat/chat-completion-request', chat).filter(
    (c) => c.path === 'truncate_prompt_tokens' && c.expect === 'rejected',
  );
  expect(truncate.map((c) => /"truncate_prompt_tokens":(-?\d+)/.exec(c.text)?.[1]).sort()).toEqual([
    '-2',
    '18446744073709551616',
  ]);
});

test('nested and required fields: the first array element is edited', () => {
  const labels = constraintCases(registry(), 'chat/chat-completion-request', chat).map((c) => c.label);
  expect(labels).toContain('messages[].role left out (required)');
  expect(labels.some((l) => l.startsWith('tools[].type "conformance-unlisted-value"'))).toBe(true);
  const training = constraintCases(
    registry(),
    'training/log-trajectories-request',
    everyFieldTrainingRequests({}, 1).logs[0]!,
  ).map((c) => c.label);
  expect(
    training.some((l) => l.startsWith('trajectory_groups[].trajectories[].start_time "conformance-not-iso-date-time"')),
  ).toBe(true);
});
