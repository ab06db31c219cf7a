/** @module The chat-completions checks (§4.1, §7, §8): documented rules, then semantics. */
import type { CheckDefinition } from '../../src/core/check.js';
import { eachRuleChecks } from './each-rule.checks.js';
import { identityChecks } from './identity.checks.js';
import { outputControlChecks } from './output-controls.checks.js';
import { ruleChecks } from './rules.checks.js';
import { semanticChecks } from './semantics.checks.js';
import { tokenChecks } from './tokens.checks.js';

export const chatCompletionChecks: readonly CheckDefinition[] = [
  ...ruleChecks,
  ...eachRuleChecks,
  ...identityChecks,
  ...tokenChecks,
  ...outputControlChecks,
  ...semanticChecks,
];
