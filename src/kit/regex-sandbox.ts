/**
 * @module A client's structured-output regex matched in a `vm` context whose timeout stops a runaway
 * backtrack; a pattern that does not compile or times out is "cannot say".
 */
import { createContext, Script } from 'node:vm';
import type { RegexCheck } from '../rules/chat-structured.js';

/**
 * Most time one match may take; a match that runs out is tried once more with the longer budget, as
 * a busy machine (a CI runner) can take the first from a match that would end.
 */
const MATCH_MS = [50, 500];
/** Longest content matched (a longer one is not judged). */
const MAX_CONTENT = 64 * 1024;

const sandbox = createContext({ pattern: '', content: '' });
const SCRIPT = new Script("new RegExp('^(?:' + pattern + ')$', 'u').test(content)");

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
  for (const timeout of MATCH_MS)
    try {
      return SCRIPT.runInContext(sandbox, { timeout }) === true;
    } catch {
      // Out of time: once more with the longer budget, then cannot say.
    }
  return undefined;
};
