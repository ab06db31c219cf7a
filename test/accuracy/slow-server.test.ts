/**
 * A slow CPU server (issue 51): the mock with 4 slots that queues the rest and answers at 50 ms a
 * token, streamed or not (the variant `cpu-engine-four-slots`), run as its user would (--concurrency
 * 4, the default --timeout): the whole catalogue gives a verdict, conformant, with no error result.
 * Three seeds here (about 30 s each); the accuracy battery runs it at all ten.
 */
import { expect, test } from 'vitest';
import { runVariant } from './battery.js';
import { CONFORMANT_VARIANTS } from './variants.js';

const variant = CONFORMANT_VARIANTS.find((v) => v.id === 'cpu-engine-four-slots')!;

for (const seed of [1, 2, 3])
  test(
    `seed ${seed}: the catalogue judges it conformant, no check failing or erring`,
    async () => {
      const verdict = await runVariant(variant, seed);
      expect({ conformant: verdict.conformant, findings: verdict.findings }).toEqual({
        conformant: true,
        findings: [],
      });
    },
    5 * 60_000,
  );
