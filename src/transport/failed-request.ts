/** @module The request an error of the transport was met on, so that an error result can show it. */
import type { RecordedRequest } from './types.js';

const requests = new WeakMap<object, RecordedRequest>();

/** `err`, remembered as met on `request` (the first request it was met on wins). */
export function metOn<E>(err: E, request: RecordedRequest): E {
  if (typeof err === 'object' && err !== null && !requests.has(err)) requests.set(err, request);
  return err;
}

/** The request an error was met on, if the transport said. */
export const requestOfError = (err: unknown): RecordedRequest | undefined =>
  typeof err === 'object' && err !== null ? requests.get(err) : undefined;

/** The chunks of a streamed body; an error met reading them remembered as met on `request`. */
export async function* taggedChunks<T>(chunks: AsyncGenerator<T>, request: RecordedRequest): AsyncGenerator<T> {
  try {
    yield* chunks;
  } catch (err) {
    throw metOn(err, request);
  }
}
