/**
 * @module The client's side of the traffic, as rules: what a request alone shows is wrong with it
 * (credentials in the scheme of its path, a JSON body valid against the operation's request schema,
 * the §7 conditions, the vLLM cross-field rules). Judged by the proxy only: the suite sends its
 * requests right, so no suite check shares them. A breach is the client's, reported apart.
 */
import type { Rule } from './rule.js';

export const CLIENT_RULES = {
  credentials: {
    side: 'client',
    name: 'credentials',
    section: '§5',
    level: 'MUST',
    requirement: 'The request carries credentials in the scheme §5 gives its path (Bearer on /v1, Basic on /v2).',
    needs: 'any request (a client-side rule: the suite sends its credentials right)',
  },
  requestJson: {
    side: 'client',
    name: 'request-json',
    section: '§1',
    level: 'MUST',
    requirement: 'The request body is JSON, sent with Content-Type: application/json.',
    needs: 'a request with a body (client side)',
  },
  requestSchema: {
    side: 'client',
    name: 'request-schema',
    level: 'MUST',
    requirement:
      "The request body is valid against the operation's request schema (fields, types, bounds of §4 and §8).",
    needs: 'a request with a body (client side)',
  },
  section7: {
    side: 'client',
    name: 'section-7-conditions',
    section: '§7',
    level: 'MUST',
    requirement: 'A chat request never sets continue_final_message together with add_generation_prompt (§7.2).',
    needs: 'a chat request (client side)',
  },
  requestRules: {
    side: 'client',
    name: 'request-rules',
    level: 'SHOULD',
    convention: 'vLLM request rules (docs/conventions.md)',
    requirement:
      'A chat request breaks none of the cross-field rules a vLLM server enforces (stream_options without stream, top_logprobs without logprobs, ranges of the sampling fields…).',
    needs: 'a chat request (client side)',
  },
} as const satisfies Record<string, Rule>;
