/** @module The acceptance checks (§4.1–§4.8): valid requests succeed with valid, correctly labelled bodies. */
import type { CheckDefinition } from '../../src/core/check.js';
import { contentTypeChecks } from './content-type.checks.js';
import { everyFieldChecks } from './every-field.checks.js';
import { successChecks } from './success.checks.js';

export const acceptanceChecks: readonly CheckDefinition[] = [
  ...successChecks,
  ...everyFieldChecks,
  ...contentTypeChecks,
];
