import { expect, test } from 'vitest';
import { derivedAuthorization } from './credentials.js';

const creds = { token: 'tok-0123456789abcdef', basic: 'alice:s3cret-pass' };

test('a derived presentation needs its credentials, and one that equals the valid credentials is refused', () => {
  expect(() => derivedAuthorization('token-truncated', { basic: creds.basic })).toThrow(
    expect.objectContaining({ code: 'CTS_NO_CREDENTIALS' }),
  );
  expect(() => derivedAuthorization('right-user-wrong-password', { token: creds.token })).toThrow(
    expect.objectContaining({ code: 'CTS_NO_CREDENTIALS' }),
  );
  expect(() => derivedAuthorization('v1-token-as-basic', { token: 'k', basic: 'api:k' })).toThrow(
    expect.objectContaining({ code: 'CTS_PRESENTATION_IS_VALID' }),
  );
});
