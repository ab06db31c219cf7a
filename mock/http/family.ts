/**
 * @module Which kind of server answers a path. The interface leaves error bodies "not shown" (§7);
 * docs/conventions.md says each family behaves like the server it is built from: vLLM (OpenAI envelope)
 * for chat, FastAPI (`detail`) for the preview endpoints, the evaluation-record service (`reason`)
 * for `/v2`.
 */
export type Family = 'openai' | 'fastapi' | 'records';

export function familyOf(path: string): Family {
  if (path.startsWith('/v2/')) return 'records';
  if (path.startsWith('/v1/preview/')) return 'fastapi';
  return 'openai';
}
