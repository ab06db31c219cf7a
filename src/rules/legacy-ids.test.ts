import { expect, test } from 'vitest';
import { legacyIds } from './legacy-ids.js';

test('an old proxy id stands for the checks that judge its rule now, on its operation', () => {
  expect(legacyIds('server.accepts-forbidden.chat-create')).toEqual(
    expect.arrayContaining([
      'chat-completions.rejects-continue-with-generation-prompt',
      'chat-completions.rejects-continue-with-generation-prompt.streamed',
    ]),
  );
  expect(legacyIds('server.svc-user-id.predictions-list')).toEqual(['predictions.svc-user-id-server-filled']);
  // An old rule name alone: every operation it was judged on.
  expect(legacyIds('server.no-5xx')!.length).toBeGreaterThan(8);
});

test('a name that is no old id is left alone, whatever the members of a plain object', () => {
  for (const name of ['chat-completions.usage-adds-up', 'constructor', 'server.constructor', '__proto__', 'server.x.y'])
    expect(legacyIds(name)).toBeUndefined();
});
