/**
 * @module The plain HTTP a client workload sends beside the openai SDK: one request with the
 * credentials it is given (the mock's defaults, wrong ones, none), its answer read to the end, and a
 * JSONL listing read for its ids. Nothing here throws: a broken answer is the judging proxy's to
 * report, the workload goes on.
 */
import {
  DEFAULT_BASIC_PASSWORD,
  DEFAULT_BASIC_USER,
  DEFAULT_ENTITY,
  DEFAULT_PROJECT,
  DEFAULT_TOKEN,
} from '../../src/core/defaults.js';

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

/** Authorization headers: the mock's defaults, and the wrong ones a client sends by mistake. */
export const AUTH = {
  bearer: `Bearer ${DEFAULT_TOKEN}`,
  basic: `Basic ${b64(`${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`)}`,
  wrongToken: 'Bearer conformance-invalid-token-of-a-client',
  wrongPassword: `Basic ${b64(`${DEFAULT_BASIC_USER}:conformance-invalid-password-of-a-client`)}`,
  none: '',
} as const;

/** The configured project's records path: `/v2/{entity}/{project}`. */
export const PROJECT = `/v2/${DEFAULT_ENTITY}/${DEFAULT_PROJECT}`;

interface Answer {
  /** 0: no answer (refused, cut). */
  readonly status: number;
  readonly text: string;
}

/** One request, its answer read whole; an empty `auth` sends no Authorization header. */
export async function send(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  auth: string,
  body?: string,
  contentType = 'application/json',
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (auth) headers.authorization = auth;
  if (body !== undefined) headers['content-type'] = contentType;
  try {
    const res = await fetch(`${base}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, text: await res.text() };
  } catch {
    return { status: 0, text: '' };
  }
}

/** The records of a JSONL answer (lines that are not JSON objects left out). */
export function recordsOf(answer: Answer): Record<string, unknown>[] {
  if (answer.status !== 200) return [];
  return answer.text.split('\n').flatMap((line) => {
    try {
      const value: unknown = JSON.parse(line);
      return value && typeof value === 'object' && !Array.isArray(value) ? [value as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}

/** The ids (`prediction_id` or `score_id`) of a listing's records, in order. */
export function idsOf(answer: Answer, kind: 'predictions' | 'scores'): string[] {
  const field = kind === 'predictions' ? 'prediction_id' : 'score_id';
  return recordsOf(answer).flatMap((r) => (typeof r[field] === 'string' ? [r[field] as string] : []));
}

/** The `id` of a JSON answer (a training job created), or undefined. */
export function idOf(text: string): string | undefined {
  try {
    const id = (JSON.parse(text) as { id?: unknown }).id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
