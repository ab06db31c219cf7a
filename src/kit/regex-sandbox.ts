/**
 * @module A client's structured-output regex matched against the content the server returned,
 * without letting a pattern that backtracks without end stall the proxy: the match runs in a `vm`
 * context whose timeout interrupts it (V8 stops a running regular expression when the watchdog
 * fires). A pattern that does not compile, or that times out, is "cannot say": the rule is then not
 * judged on that exchange.
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
