/** @module `GET /v1/models` as vLLM answers it: no operation of §4, but many clients call it at start. */
import { jsonResponse } from '../errors.js';
import type { MockResponse } from '../types.js';
import type { RouteHandler } from './types.js';

export const MODELS_PATH = '/v1/models';
const OWNED_BY = 'conformance-mock';

interface ModelCard {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
  root: string;
  parent: null;
  max_model_len?: number;
}

function modelList(model: string, created: number, maxModelLen: number | undefined): MockResponse {
  const card: ModelCard = { id: model, object: 'model', created, owned_by: OWNED_BY, root: model, parent: null };
  if (maxModelLen !== undefined) card.max_model_len = maxModelLen;
  return jsonResponse(200, { object: 'list', data: [card] });
}

/** The route, its `created` fixed when the mock starts. */
export function listModels(created: number): RouteHandler {
  return ({ state }) => modelList(state.options.model, created, state.options.maxContextTokens);
}
