/**
 * `registerConformanceTests` checks its options when called, with the CLI's messages, before it
 * registers any test. A user's vitest run of the registered tests is test/e2e/vitest-registered.test.ts.
 */
import { expect, test } from 'vitest';
import { registerConformanceTests } from './vitest.js';

test("options are checked at registration, with the CLI's messages", () => {
  expect(() => registerConformanceTests({ target: undefined as unknown as string })).toThrow(
    expect.objectContaining({ code: 'CTS_BAD_FLAG', message: expect.stringContaining('a target URL is required') }),
  );
  expect(() => registerConformanceTests({ target: 'localhost:1234' })).toThrow(
    expect.objectContaining({ code: 'CTS_BAD_FLAG', message: expect.stringContaining('only http and https') }),
  );
});
