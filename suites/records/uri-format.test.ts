import { fullFormats } from 'ajv-formats/dist/formats.js';
import { expect, test } from 'vitest';
import { createAjv } from '../../src/schemas/registry.js';

// fields.checks.ts judges `model`/`scorer` with ajv-formats' `uri` function, not through ajv: the
// verdicts must be those of `format: uri` in our ajv set-up (the record schemas' format).
const SAMPLES = [
  'wandb-artifact:///acme/evals/model:v1',
  'weave:///acme/evals/object/scorer:abc',
  'https://example.com/a?b=c#d',
  'urn:isbn:0451450523',
  'mailto:someone@example.com',
  'a:b',
  'relative/path',
  '/absolute/path',
  '//host/path',
  '',
  'no scheme',
  'http://exa mple.com',
  '1http://example.com',
  'http://[::1]:8080/',
  'http://[::1:8080/',
  'http://%zz.example/',
  'scheme:with space',
  'x:y\n',
];

test('the uri check of fields.checks.ts gives the verdicts of format: uri in our ajv', () => {
  const ajv = createAjv();
  const uri = fullFormats.uri as (s: string) => boolean;
  for (const s of SAMPLES) expect(uri(s), JSON.stringify(s)).toBe(ajv.validate({ type: 'string', format: 'uri' }, s));
  expect(SAMPLES.filter((s) => uri(s)).length).toBeGreaterThan(3);
  expect(SAMPLES.filter((s) => !uri(s)).length).toBeGreaterThan(3);
});
