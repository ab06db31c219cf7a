/** @module Request builders shared by the checks: the smallest valid bodies and the paths of a target. */
import type { TargetConfig } from '../core/check.js';
import { fillPath, operation, type OperationId } from '../core/operations.js';

/** The smallest chat request every server of §4.1 accepts, with a small completion budget. */
export function minimalChatRequest(target: TargetConfig, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...(target.model !== undefined ? { model: target.model } : {}),
    messages: [{ role: 'user', content: 'Reply with a short greeting.' }],
    max_completion_tokens: Math.min(8, target.maxCompletionTokens),
    ...extra,
  };
}

/** The filled path of an operation, with the target's entity/project/model id. */
export function pathOf(target: TargetConfig, op: OperationId, params: Record<string, string> = {}): string {
  return fillPath(operation(op).path, {
    entity: target.entity,
    project: target.project,
    model_id: target.modelId,
    ...params,
  });
}

/** List query with the target's configured parameter names (§4.5/§4.7 names are not shown). */
export function listQuery(
  target: TargetConfig,
  q: { evaluationRunId?: string; limit?: number; offset?: number },
): Record<string, string | number | undefined> {
  const names = target.listParams;
  return {
    [names.evaluationRunId]: q.evaluationRunId,
    [names.limit]: q.limit,
    [names.offset]: q.offset,
  };
}
