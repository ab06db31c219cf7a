/** @module Realistic conversations (§2.5 messages): an optional prompt, then turns ending with a user turn. */
import fc from 'fast-check';
import { corpus, pick } from './corpus.js';

export interface ChatMessage {
  role: string;
  content: string;
  name?: string;
}

const instruction = fc
  .tuple(fc.constantFrom('system', 'developer'), pick(corpus.systemPrompts))
  .map(([role, content]): ChatMessage => ({ role, content }));
const userTurn = fc
  .tuple(pick(corpus.questions), fc.option(pick(corpus.userNames), { nil: undefined, freq: 4 }))
  .map(
    ([content, name]): ChatMessage =>
      name === undefined ? { role: 'user', content } : { role: 'user', content, name },
  );
const assistantTurn = pick(corpus.answers).map((content): ChatMessage => ({ role: 'assistant', content }));

/** A conversation of 1 to `maxTurns` user turns, the last message from the user. */
export function conversation(maxTurns = 3): fc.Arbitrary<ChatMessage[]> {
  return fc
    .tuple(
      fc.option(instruction, { nil: undefined }),
      fc.array(fc.tuple(userTurn, assistantTurn), { maxLength: maxTurns - 1 }),
      userTurn,
    )
    .map(([head, turns, last]) => [...(head ? [head] : []), ...turns.flat(), last]);
}

/** A conversation ending with a partial assistant message, for `continue_final_message` (prefill). */
export function prefillConversation(): fc.Arbitrary<ChatMessage[]> {
  return fc
    .tuple(conversation(2), pick(corpus.words))
    .map(([messages, word]) => [...messages, { role: 'assistant', content: `Sure, ${word}` }]);
}
