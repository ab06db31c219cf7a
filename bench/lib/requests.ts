/** @module The requests the bench sends, with the default credentials of the bundled mock. */
import fc from 'fast-check';
import {
  DEFAULT_BASIC_PASSWORD,
  DEFAULT_BASIC_USER,
  DEFAULT_ENTITY,
  DEFAULT_MODEL,
  DEFAULT_MODEL_ID,
  DEFAULT_PROJECT,
  DEFAULT_TOKEN,
} from '../../src/core/defaults.js';
import { realisticLogRequest, realisticTrainingJobRequest } from '../../src/generation/index.js';

export const BEARER = { authorization: `Bearer ${DEFAULT_TOKEN}` };
export const BASIC = {
  authorization: `Basic ${Buffer.from(`${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`).toString('base64')}`,
};
export const JSON_HEADERS = { 'content-type': 'application/json' };
export const RECORDS_BASE = `/v2/${DEFAULT_ENTITY}/${DEFAULT_PROJECT}`;

/** A realistic ~300-byte chat request (system + user turn, sampling fields, a small completion budget). */
export function chatRequest(stream = false): string {
  return JSON.stringify({
    model: DEFAULT_MODEL,
    messages: [
      { role: 'system', content: 'You are a concise assistant for a bookshop.' },
      {
        role: 'user',
        content: 'Do you have the second edition of "Structure and Interpretation of Computer Programs"?',
      },
    ],
    max_completion_tokens: 16,
    temperature: 0.7,
    top_p: 0.95,
    seed: 42,
    user: 'bench-user-17',
    ...(stream ? { stream: true } : {}),
  });
}

/** A realistic §4.2 training-job body (fixed seed), as the suite generates them. */
export function trainingJobRequest(): string {
  return JSON.stringify(
    fc.sample(realisticTrainingJobRequest({ modelId: DEFAULT_MODEL_ID }), { seed: 7, numRuns: 1 })[0],
  );
}

/** A realistic §4.4 log-trajectories body (fixed seed). */
export function logRequest(): string {
  return JSON.stringify(fc.sample(realisticLogRequest(), { seed: 7, numRuns: 1 })[0]);
}

export const LOG_PATH = `/v1/preview/models/${DEFAULT_MODEL_ID}/log`;
