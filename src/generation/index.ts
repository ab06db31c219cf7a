/** @module Property-based generation: schema-driven negatives, and realistic requests a real server accepts. */
export { negativeCases, prepareCatalogue } from './negative-cases.js';
export { everyFieldChatRequests, realisticChatRequest } from './realistic/chat-request.js';
export {
  everyFieldTrainingRequests,
  LOG_SPLITS,
  realisticLogRequest,
  realisticTrainingJobRequest,
} from './realistic/training-request.js';
export type { NegativeCase, Strictness } from './mutation.js';
// What lax validators accept (decisions/0004), for observed traffic
export { laxlyValid } from './_internals/lax-valid.js';
