/** @module The streaming checks (§4.1 `stream: true`): framing, chunks, and the differential against the non-streamed answer. */
import type { CheckDefinition } from '../../src/core/check.js';
import { chunkChecks } from './chunks.checks.js';
import { differentialChecks } from './differential.checks.js';
import { framingChecks } from './framing.checks.js';
import { preGenerationErrorIsHttp } from './pre-generation-error.checks.js';

export const streamingChecks: readonly CheckDefinition[] = [
  ...framingChecks,
  ...chunkChecks,
  ...differentialChecks,
  preGenerationErrorIsHttp,
];
