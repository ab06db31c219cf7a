/** @module The admin routes under `/__mock/` (journal, scripts, reset), behind the mock's bearer token. */
import { methodNotAllowed, openaiError, jsonResponse, unauthorized } from './errors.js';
import { type Credential, checkBearer } from './http/auth.js';
import { readJsonObject } from './http/body.js';
import { Router } from './http/router.js';
import { checkScript, type CheckedScript } from './scripts/validate.js';
import type { Mock, MockRequest, MockResponse } from './types.js';

export const ADMIN_PREFIX = '/__mock/';

export interface AdminControl
  extends Pick<Mock, 'requests' | 'clearRequests' | 'scripts' | 'removeScript' | 'clearScripts' | 'reset'> {
  addChecked(checked: CheckedScript): string;
}

type AdminHandler = (req: MockRequest, params: Readonly<Record<string, string>>) => MockResponse;

/** Does `act`, if any, then answers 204. */
function noContent(act?: () => void): MockResponse {
  act?.();
  return { status: 204, headers: {} };
}

export function adminRoutes(control: AdminControl, bearer: Credential): (req: MockRequest) => MockResponse {
  const router = new Router<AdminHandler>()
    .add('GET', '/__mock/requests', () => jsonResponse(200, control.requests()))
    .add('DELETE', '/__mock/requests', () => noContent(() => control.clearRequests()))
    .add('GET', '/__mock/scripts', () => jsonResponse(200, control.scripts()))
    .add('POST', '/__mock/scripts', (req) => {
      const body = readJsonObject(req, 'openai');
      if (!body.ok) return body.response;
      const checked = checkScript(body.value);
      if (!checked.ok) return openaiError(400, checked.reason, checked.reason.split(':')[0] ?? null);
      return jsonResponse(201, { id: control.addChecked(checked.value) });
    })
    .add('DELETE', '/__mock/scripts', () => noContent(() => control.clearScripts()))
    .add('DELETE', '/__mock/scripts/{id}', (_req, params) => {
      const id = params.id as string;
      return control.removeScript(id) ? noContent() : openaiError(404, `No script with id ${id}`);
    })
    .add('POST', '/__mock/reset', () => noContent(() => control.reset()));

  return (req) => {
    const auth = checkBearer(req.headers.authorization, bearer);
    if (!auth.ok) return unauthorized('openai', 'bearer', auth.presented);
    const match = router.match(req.method, req.path);
    if (match.kind === 'not-found') return openaiError(404, `No admin route ${req.path}`);
    if (match.kind === 'method-not-allowed') return methodNotAllowed(match.allow);
    return match.handler(req, match.params);
  };
}
