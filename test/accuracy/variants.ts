/**
 * @module The accuracy battery's conformant variants: ways a real server legitimately differs from
 * the bundled mock (error envelopes and statuses, identifiers and fields, framing and pace), each
 * of which the whole catalogue must judge conformant at every seed. A variant the suite wrongly
 * judges otherwise carries `knownFalseFinding` until the check is mended.
 */
import type { ConformantVariant, MustOnlyVariant } from './variant-model.js';
import { BODY_VARIANTS } from './variants-bodies.js';
import { ERROR_VARIANTS, MUST_ONLY_VARIANTS as MUST_ONLY_ERRORS } from './variants-errors.js';
import { ALWAYS_USAGE_VARIANT, FRAMING_VARIANTS } from './variants-framing.js';

export type { ConformantVariant } from './variant-model.js';

/** Variants conformant at level must that knowingly depart from a SHOULD convention (not in the battery's should-level run). */
export const MUST_ONLY_VARIANTS: readonly MustOnlyVariant[] = [...MUST_ONLY_ERRORS, ALWAYS_USAGE_VARIANT];

export const CONFORMANT_VARIANTS: readonly ConformantVariant[] = [
  ...ERROR_VARIANTS,
  ...BODY_VARIANTS,
  ...FRAMING_VARIANTS,
];

const ids = new Set<string>();
for (const v of [...CONFORMANT_VARIANTS, ...MUST_ONLY_VARIANTS]) {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(v.id) || ids.has(v.id))
    throw new Error(`variant id ${v.id}: not kebab-case or not unique`);
  ids.add(v.id);
}
