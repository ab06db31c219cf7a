/** The accuracy battery's conformant variants, shard 2 (variant-battery.ts; e2e tier). */
import { test } from 'vitest';
import { VARIANT_SHARDS, variantBatteryShard } from './variant-battery.js';

test(
  `conformant variants, shard 2 of ${VARIANT_SHARDS}: conformant at every seed, by run, proxy and replay`,
  { timeout: 1_800_000 },
  () => variantBatteryShard(2),
);
