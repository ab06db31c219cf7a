import { expect, test } from 'vitest';
import { loadRegistry } from './registry.js';

const reg = loadRegistry();

test('every schema compiles in ajv strict mode', () => {
  expect(reg.names.length).toBeGreaterThanOrEqual(20);
  for (const name of reg.names) expect(() => reg.validator(name), name).not.toThrow();
});

test('a minimal chat request validates and a bad one reports ajv keywords', () => {
  expect(reg.validate('chat/chat-completion-request', { messages: [{ role: 'user', content: 'hi' }] })).toEqual({
    ok: true,
  });
  const bad = reg.validate('chat/chat-completion-request', {
    messages: [{ role: 'user', content: 'hi' }],
    seed: 1e20,
    tool_choice: 'auto',
  });
  expect(bad.ok).toBe(false);
  if (!bad.ok) expect(bad.errors.map((e) => e.keyword).sort()).toEqual(['enum', 'maximum']);
});
