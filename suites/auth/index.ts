/** @module The auth checks (§5): every operation rejects requests without valid credentials of its scheme. */
import type { CheckDefinition } from '../../src/core/check.js';
import { credentialChecks } from './credentials.checks.js';
import { derivedCredentialChecks } from './derived-credentials.checks.js';

export const authChecks: readonly CheckDefinition[] = [...credentialChecks, ...derivedCredentialChecks];
