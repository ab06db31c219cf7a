/** @module §4.4 trajectory logging: reward statistics per split, or FastAPI's 422 `detail[]` (§7). */
import { jsonResponse, validationError } from '../errors.js';
import { readJsonObject } from '../http/body.js';
import { toDetail, validateAll } from '../http/validate.js';
import type { MockResponse } from '../types.js';
import type { RouteContext } from './types.js';

interface Trajectory {
  reward?: number;
}
interface LogRequest {
  split: string;
  trajectory_groups: { trajectories: Trajectory[] }[];
}

function trajectoryMetrics(body: LogRequest): Record<string, number | null> {
  const rewards: number[] = [];
  let trajectories = 0;
  for (const group of body.trajectory_groups) {
    for (const t of group.trajectories) {
      trajectories++;
      if (typeof t.reward === 'number') rewards.push(t.reward);
    }
  }
  const mean = rewards.length ? rewards.reduce((a, b) => a + b, 0) / rewards.length : null;
  const std = mean === null ? null : Math.sqrt(rewards.reduce((a, r) => a + (r - mean) ** 2, 0) / rewards.length);
  const s = body.split;
  return {
    [`${s}/groups`]: body.trajectory_groups.length,
    [`${s}/trajectories`]: trajectories,
    [`${s}/rewarded`]: rewards.length,
    [`${s}/reward_mean`]: mean,
    [`${s}/reward_std`]: std,
    [`${s}/reward_min`]: rewards.length ? Math.min(...rewards) : null,
    [`${s}/reward_max`]: rewards.length ? Math.max(...rewards) : null,
  };
}

export function logTrajectories({ req, params }: RouteContext): MockResponse {
  const body = readJsonObject(req, 'fastapi');
  if (!body.ok) return body.response;
  const errors = validateAll(['training/log-trajectories-request', 'conventions/log-trajectories-request'], body.value);
  if (errors) return validationError(toDetail(errors, 'body'));
  const request = body.value as unknown as LogRequest;
  return jsonResponse(200, { model_id: params.model_id, split: request.split, metrics: trajectoryMetrics(request) });
}
