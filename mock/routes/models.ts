/**
 * @module `GET /v1/models`: the served model in the OpenAI list shape, as vLLM answers it (`id`,
 * `object`, `created`, `owned_by`, with vLLM's `root` and `parent`, and `max_model_len` when the mock
 * has a context window). No operation of the interface (§4 has none), but many clients call it at
 * start; it sits behind the same §5 bearer check as every other `/v1` route.
 */
import { jsonResponse } from '../errors.js';
import type { MockResponse } from '../types.js';
import type { RouteHandler } from './types.js';

/** The path, and who the list says owns the model. */
export const MODELS_PATH = '/v1/models';
const OWNED_BY = 'conformance-mock';

/** One model card of the list. */
interface ModelCard {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
  root: string;
  parent: null;
  max_model_len?: number;
}

/** The list answered for `model`, created at `created` (Unix seconds), with its context window if any. */
function modelList(model: string, created: number, maxModelLen: number | undefined): MockResponse {
  const card: ModelCard = { id: model, object: 'model', created, owned_by: OWNED_BY, root: model, parent: null };
  if (maxModelLen !== undefined) card.max_model_len = maxModelLen;
  return jsonResponse(200, { object: 'list', data: [card] });
}

/** The route, its `created` fixed when the mock starts (the same on every call). */
export function listModels(created: number): RouteHandler {
  return ({ state }) => modelList(state.options.model, created, state.options.maxContextTokens);
}
