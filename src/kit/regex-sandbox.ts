/**
 * @module A client's structured-output regex matched in a `vm` context whose timeout stops a runaway
 * backtrack; a pattern that does not compile or times out is "cannot say".
 */
import { createContext, runInContext } from 'node:vm';
import type { RegexCheck } from '../rules/chat-structured.js';

/** Most time one match may take. */
const MATCH_MS = 50;
/** Longest content matched (a longer one is not judged). */
const MAX_CONTENT = 64 * 1024;

const sandbox = createContext({ pattern: '', content: '' });
const SCRIPT = "new RegExp('^(?:' + pattern + ')$', 'u').test(content)";

export const regexInSandbox: RegexCheck = (pattern, content) => {
  if (content.length > MAX_CONTENT) return undefined;
  try {
    // Compiling outside the sandbox first tells a bad pattern from a slow one cheaply.
    new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return undefined;
  }
  sandbox.pattern = pattern;
  sandbox.content = content;
  try {
    return runInContext(SCRIPT, sandbox, { timeout: MATCH_MS }) === true;
  } catch {
    return undefined;
  }
};
