/** @module A gateway's answer for a deployment it could not reach: a 502/503/504 not of the interface's shape. */
import { STATUS_CODES } from 'node:http';
import { errorShapeOf } from '../rules/error-shape.js';
import type { HttpExchange } from '../transport/types.js';

/** The statuses a front answers with when what is behind it is down, refusing, or too slow. */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Whether a status and a body (parsed as JSON when it is JSON) are a gateway's, not the interface's. */
export function isGatewayExchange(ex: HttpExchange): boolean {
  return GATEWAY_STATUSES.has(ex.response.status) && errorShapeOf(ex.json) === undefined;
}

/** The same gateway answer: both a gateway's, same status, same body byte for byte. */
export function sameGatewayAnswer(a: HttpExchange, b: HttpExchange): boolean {
  return (
    isGatewayExchange(a) &&
    isGatewayExchange(b) &&
    a.response.status === b.response.status &&
    a.response.bodyText === b.response.bodyText
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
