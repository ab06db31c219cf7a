/**
 * @module The rules of the target as a whole, which only traffic shows: it answers every request
 * completely, and no request brings it down (`target.stays-up`).
 */
import { serverRules } from './rule.js';

export const TARGET_RULES = serverRules({
  answersCompletely: {
    id: 'target.answers-completely.{op}',
    level: 'MUST',
    requirement: 'The server answers every request with a complete HTTP response.',
    needs: 'any exchange: one the server did not answer completely is an error',
  },
  staysUp: {
    id: 'target.stays-up',
    checkOp: 'chat.create',
    section: '§4',
    level: 'MUST',
    requirement:
      'The server stays up whatever the request: it answers or refuses every request, and no request brings it down (§4).',
    needs:
      'the target or upstream going down during the run or the traffic (a connection refused or reset, then probes unanswered)',
  },
});
