/**
 * The invalid bodies of errors.rejects-invalid-body (and errors.error-body-shape, which shares them)
 * cover the reject catalogue's negative space whole: one body for every (field pointer, kind of
 * breakage) pair, whatever the seed and `--runs`; the seed varies only the values.
 */
import { expect, test } from 'vitest';
import type { CheckContext } from '../../src/core/check.js';
import { operation } from '../../src/core/operations.js';
import { mutationCatalogue } from '../../src/generation/negative-cases.js';
import type { SchemaName } from '../../src/schemas/registry.js';
import { registry } from '../../src/schemas/registry.js';
import { defaultTarget, runAgainstMock } from '../../test/helpers/run-checks.js';
import { bodyChecks, REJECT_PAIRS, rejectCases, type BodyOperation } from './bodies.checks.js';

const schemas = registry();
const OPS = Object.keys(REJECT_PAIRS) as BodyOperation[];
const schemaOf = (op: BodyOperation) => operation(op).requestSchema as SchemaName;
const pairOf = (m: { pointer: string; kind: string }): string => `${m.kind} at ${m.pointer || '(root)'}`;
const ctxAt = (seed: number): Pick<CheckContext, 'seed' | 'schemas' | 'target'> => ({
  seed,
  schemas,
  target: defaultTarget('http://127.0.0.1:1'),
});

test('the declared pairs are those of the reject catalogues (maxRequests rests on them)', () => {
  for (const op of OPS) {
    const pairs = new Set(mutationCatalogue(schemaOf(op), { strictness: 'reject' }).map(pairOf));
    expect(REJECT_PAIRS[op], op).toBe(pairs.size);
  }
});

test.each(OPS)(
  '%s: every (pointer, kind) pair of the catalogue is enumerated at seeds 1..10, each body invalid',
  (op) => {
    const pairs = [...new Set(mutationCatalogue(schemaOf(op), { strictness: 'reject' }).map(pairOf))];
    const values = new Set<string>();
    for (let seed = 1; seed <= 10; seed++) {
      const { enumerated } = rejectCases(ctxAt(seed), op);
      expect(
        enumerated.map((c) => pairOf(c.value.mutation)),
        `seed ${seed}`,
      ).toEqual(pairs);
      for (const c of enumerated) {
        expect(schemas.validate(schemaOf(op), c.value.value).ok, pairOf(c.value.mutation)).toBe(false);
        values.add(JSON.stringify(c.value.value));
      }
    }
    // The seed varies the bodies, not the pairs.
    expect(values.size).toBeGreaterThan(pairs.length);
  },
  60_000,
);

test('at --runs 1 and 10, errors.rejects-invalid-body.chat-create sends every pair, within its maxRequests', async () => {
  const check = bodyChecks.find((c) => c.id === 'errors.rejects-invalid-body.chat-create')!;
  for (const runs of [1, 10]) {
    let sent = 0;
    const report = await runAgainstMock([check], {
      runs,
      seed: 3,
      onEvent: (e) => {
        if (e.type === 'check-end') sent = e.requests;
      },
    });
    expect(report.results[0]?.status).toBe('pass');
    expect(sent).toBeGreaterThanOrEqual(REJECT_PAIRS['chat.create']);
    expect(sent).toBeLessThanOrEqual(check.schedule!.maxRequests!(runs));
  }
});
