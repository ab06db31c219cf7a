/** @module A gateway's answer for a deployment it could not reach: a 502/503/504 not of the interface's shape. */
import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { errorShapeOf } from '../rules/error-shape.js';
import type { HttpExchange } from '../transport/types.js';

/** The statuses a front answers with when what is behind it is down, refusing, or too slow. */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Whether a status and a body (parsed as JSON when it is JSON) are a gateway's, not the interface's. */
function isGatewayAnswer(status: number, json: unknown): boolean {
  return GATEWAY_STATUSES.has(status) && errorShapeOf(json) === undefined;
}

export function isGatewayExchange(ex: HttpExchange): boolean {
  return isGatewayAnswer(ex.response.status, ex.json);
}

/** The body's digest: two answers are the same page when status and digest agree. */
function digestOf(ex: HttpExchange): string {
  return createHash('sha256').update(ex.response.bodyText).digest('hex');
}

/** The same gateway answer: both a gateway's, same status, same body byte for byte. */
export function sameGatewayAnswer(a: HttpExchange, b: HttpExchange): boolean {
  return (
    isGatewayExchange(a) &&
    isGatewayExchange(b) &&
    a.response.status === b.response.status &&
    digestOf(a) === digestOf(b)
  );
}

/** `502 Bad Gateway (text/html, nginx)`: the status with its name, the media type and the server, when told. */
export function describeGatewayAnswer(ex: HttpExchange): string {
  const { status, headers } = ex.response;
  const type = headers['content-type']?.split(';')[0]?.trim();
  const server = headers.server?.split('/')[0]?.trim();
  const about = [type, server].filter((x): x is string => !!x);
  return `${status} ${STATUS_CODES[status] ?? ''}`.trim() + (about.length ? ` (${about.join(', ')})` : '');
}
