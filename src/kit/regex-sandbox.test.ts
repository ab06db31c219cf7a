import { expect, test } from 'vitest';
import { regexInSandbox } from './regex-sandbox.js';

test('a whole match, a miss, and what cannot be said', () => {
  expect(regexInSandbox('(red|green|blue)-[0-9]{2}', 'red-42')).toBe(true);
  expect(regexInSandbox('(red|green|blue)-[0-9]{2}', 'red-42 and more')).toBe(false);
  expect(regexInSandbox('(unclosed', 'x')).toBeUndefined();
});

test('a pattern that backtracks without end is given up on, not run to its end', () => {
  // Run to its end, the match would take about 2^40 steps: the test would never finish.
  expect(regexInSandbox('(a+)+$', `${'a'.repeat(40)}!`)).toBeUndefined();
});
