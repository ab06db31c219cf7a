/**
 * @module Property-based generation: fast-check arbitraries compiled from our JSON Schemas
 * (positives, one-constraint negatives) and realistic requests a real server accepts.
 */

// Schema-driven positives
export { arbitraryFromSchema } from './arbitrary-from-schema.js';
export { sampleRequests, sampleValid } from './sample.js';

// Schema-driven negatives
export { mutationCatalogue, negativeCaseList, negativeCases } from './negative-cases.js';

// Realistic requests
export { everyFieldChatRequests, realisticChatRequest } from './realistic/chat-request.js';
export { everyFieldTrainingRequests, realisticLogRequest, realisticTrainingJobRequest } from './realistic/training-request.js';
export { realisticTrajectory, realisticTrajectoryGroup } from './realistic/trajectory.js';
export { vllmRuleViolations } from './realistic/vllm-rules.js';

export type { ArbitraryFromSchemaOptions } from './arbitrary-from-schema.js';
export type { Mutation, MutationKind, NegativeCase, Strictness } from './mutation.js';
export type { NegativeCasesOptions } from './negative-cases.js';
export type { ChatMode, RealisticChatOptions } from './realistic/chat-request.js';
export type { RealisticTrainingJobOptions } from './realistic/training-request.js';
export type { RuleViolation } from './realistic/vllm-rules.js';
