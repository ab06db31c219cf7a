/** @module The chat-completions checks. */
import type { CheckDefinition } from '../../src/core/check.js';

export const chatCompletionChecks: readonly CheckDefinition[] = [];
