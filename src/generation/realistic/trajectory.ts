/** @module Realistic trajectories and trajectory groups (§2.4), mixing messages and `Choice` objects. */
import fc from 'fast-check';
import { corpus, pick } from './corpus.js';
import { conversation } from './messages.js';
import { functionTools } from './tools.js';

/** An OpenAI `Choice` as a trajectory records a model turn. */
const choice = fc.tuple(pick(corpus.answers), fc.constantFrom('stop', 'length')).map(([content, finish_reason]) => ({
  index: 0,
  message: { role: 'assistant', content },
  finish_reason,
  logprobs: null,
}));

const startTime = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2026-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

/** A conversation turned into `messages_and_choices`: each turn ends with a `Choice`. */
const messagesAndChoices = fc
  .tuple(conversation(2), choice)
  .map(([messages, last]) => [
    ...messages.map((m) =>
      m.role === 'assistant'
        ? { index: 0, message: { role: 'assistant', content: m.content }, finish_reason: 'stop', logprobs: null }
        : m,
    ),
    last,
  ]);

/** One trajectory: `messages_and_choices` and `reward` always, the rest sometimes (always with `every`). */
function realisticTrajectory(every = false): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record(
      {
        messages_and_choices: messagesAndChoices,
        reward: fc.integer({ min: -100, max: 100 }).map((x) => x / 100),
        tools: functionTools(2, true),
        start_time: startTime,
        initial_policy_version: fc.integer({ min: 0, max: 20 }),
        metrics: fc.record({
          duration_s: fc.integer({ min: 1, max: 600 }).map((x) => x / 10),
          turns: fc.integer({ min: 1, max: 5 }),
        }),
        metadata: fc.record({ task: pick(corpus.words), attempt: fc.integer({ min: 1, max: 4 }) }),
        logs: fc.array(pick(corpus.sentences), { minLength: every ? 1 : 0, maxLength: 2 }),
        additional_histories: fc.constant([]),
      },
      every ? {} : { requiredKeys: ['messages_and_choices', 'reward'] },
    )
    .chain((t) =>
      typeof t.initial_policy_version === 'number'
        ? fc
            .integer({ min: 0, max: 2 })
            .map((d) => ({ ...t, final_policy_version: (t.initial_policy_version as number) + d }))
        : fc.constant(t),
    );
}

/** A trajectory group of 1 to `max` trajectories (RL compares rewards within a group). */
export function realisticTrajectoryGroup(
  max = 3,
  every = false,
): fc.Arbitrary<{ trajectories: Record<string, unknown>[] }> {
  return fc
    .array(realisticTrajectory(every), { minLength: 1, maxLength: max })
    .map((trajectories) => ({ trajectories }));
}
