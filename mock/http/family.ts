/** @module Which kind of server answers a path (§7 leaves error bodies "not shown"): vLLM, FastAPI, records. */
export type Family = 'openai' | 'fastapi' | 'records';

export function familyOf(path: string): Family {
  if (path.startsWith('/v2/')) return 'records';
  if (path.startsWith('/v1/preview/')) return 'fastapi';
  return 'openai';
}
