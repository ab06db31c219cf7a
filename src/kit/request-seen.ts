/**
 * @module The evidence of a request, made once for every rule that reads it (src/rules/evidence.ts
 * `RequestSeen`), and the tools a driver lends the judgement.
 */
import type { ConfiguredCredentials } from '../core/credentials.js';
import { DEFAULT_LIST_PARAMS } from '../core/defaults.js';
import { describeSchemaErrors } from '../core/describe.js';
import { matchOperation, type Operation, type OperationTable } from '../core/operations.js';
import { classifyAuthorization } from '../core/presentations.js';
import { is2xx, isJsonObject, jsonOrUndefined } from '../core/values.js';
import { laxlyValid } from '../generation/index.js';
import type { ExchangeSeen, JudgeSettings, JudgeTools, ListingAsked, RequestSeen } from '../rules/evidence.js';
import { vllmRuleViolations } from '../rules/vllm-request-rules.js';
import { registry, type SchemaName, type SchemaRegistry } from '../schemas/registry.js';
import type { HttpExchange } from '../transport/types.js';
import { AnswerSeen } from './answer-seen.js';
import { regexInSandbox } from './regex-sandbox.js';
import { userSchemaCheck } from './user-schema.js';

/** The convention overlay of each operation that takes a body (schemas/conventions). */
const CONVENTIONS: OperationTable<SchemaName | undefined> = {
  'chat.create': 'conventions/chat-completion-request',
  'training-jobs.create': 'conventions/training-job-create-request',
  'training-jobs.get': undefined,
  'trajectories.log': 'conventions/log-trajectories-request',
  'predictions.list': undefined,
  'predictions.read': undefined,
  'scores.list': undefined,
  'scores.read': undefined,
};

/** The tools of a driver judging with the interface's schemas. */
export function judgeTools(schemas: Pick<SchemaRegistry, 'validate'> = registry()): JudgeTools {
  return {
    schemas,
    regex: regexInSandbox,
    userSchema: userSchemaCheck,
    conventional: (op, body) => {
      const overlay = CONVENTIONS[op.id];
      return overlay === undefined || schemas.validate(overlay, body).ok;
    },
  };
}

/** A driver's settings: the served model without priority scheduling unless said (§7.1), the list parameters' names. */
export function judgeSettings(
  options: Partial<Omit<JudgeSettings, 'tools'>> & { tools?: JudgeTools } = {},
): JudgeSettings {
  return {
    tools: options.tools ?? judgeTools(),
    priorityScheduling: options.priorityScheduling ?? false,
    listParams: options.listParams ?? DEFAULT_LIST_PARAMS,
    ...(options.configured ? { configured: options.configured } : {}),
  };
}

/** A listing's query read with the list parameters' names (§4.5, §4.7: not shown): a parameter under another name is not read. */
function listingAsked(target: string, names: JudgeSettings['listParams']): ListingAsked {
  const q = new URL(target, 'http://x').searchParams;
  const whole = (name: string): number | string | undefined => {
    const v = q.get(name);
    return v === null ? undefined : /^\d+$/.test(v) ? Number(v) : name;
  };
  const limit = whole(names.limit);
  const offset = whole(names.offset);
  const run = q.get(names.evaluationRunId);
  const invalid = [limit, offset].find((v) => typeof v === 'string') as string | undefined;
  return {
    ...(typeof limit === 'number' ? { limit } : {}),
    ...(typeof offset === 'number' ? { offset } : {}),
    ...(run !== null ? { evaluationRunId: run } : {}),
    ...(invalid !== undefined ? { invalid } : {}),
  };
}

/** Presentations named without configured secrets: the same for every request with the same header and scheme. */
const lastPresentation = new Map<
  string,
  { readonly authorization: string | undefined; readonly id: ReturnType<typeof classifyAuthorization> }
>();

function presentationOf(authorization: string | undefined, auth: Operation['auth']) {
  const last = lastPresentation.get(auth);
  if (last && last.authorization === authorization) return last.id;
  const id = classifyAuthorization(authorization, auth, {});
  lastPresentation.set(auth, { authorization, id });
  return id;
}

/** What a request shows: made once, when its body is whole (or known not kept). */
export function seeRequest(x: {
  readonly op: Operation;
  readonly method: string;
  readonly target: string;
  readonly params: Readonly<Record<string, string>>;
  readonly authorization: string | undefined;
  readonly contentType: string | undefined;
  readonly text: string | undefined;
  readonly kept: boolean;
  readonly settings: JudgeSettings;
}): RequestSeen {
  const { op, settings } = x;
  const configured: ConfiguredCredentials | undefined = settings.configured;
  const mine = configured && (op.auth === 'bearer' ? configured.token : configured.basic);
  const against = mine !== undefined ? classifyAuthorization(x.authorization, op.auth, configured!) : undefined;
  const body = x.kept ? jsonOrUndefined(x.text) : undefined;
  const json = body !== undefined;
  let schemaProblem: string | undefined;
  let refusable: string | undefined;
  if (json && op.requestSchema) {
    const valid = settings.tools.schemas.validate(op.requestSchema, body);
    if (!valid.ok) {
      schemaProblem = describeSchemaErrors(valid.errors);
      if (!laxlyValid(op.requestSchema, body)) refusable = schemaProblem;
    }
  }
  return {
    op,
    method: x.method,
    target: x.target,
    params: x.params,
    authorization: x.authorization,
    presentation: presentationOf(x.authorization, op.auth),
    against,
    contentType: x.contentType,
    text: x.text,
    kept: x.kept,
    body,
    json,
    schemaProblem,
    refusable,
    vllm: op.id === 'chat.create' && json && isJsonObject(body) ? vllmRuleViolations(body) : [],
    asked: op.jsonl ? listingAsked(x.target, settings.listParams) : {},
    settings,
  };
}

/**
 * A run check's exchange as the rules' `exchange` evidence (the proxy's judgement of the same bytes),
 * for a check that hands a rule it did not send the case for what its own exchange shows.
 */
export function seenExchange(op: Operation, ex: HttpExchange, baseUrl: string, settings: JudgeSettings): ExchangeSeen {
  const url = new URL(ex.request.url);
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
  const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
  const request = seeRequest({
    op,
    method: ex.request.method,
    target: `${path}${url.search}`,
    params: matchOperation(ex.request.method, path)?.params ?? {},
    authorization: ex.request.headers.authorization,
    contentType: ex.request.headers['content-type'],
    text: ex.request.body,
    kept: true,
    settings,
  });
  const framing = !is2xx(ex.response.status) || !op.jsonl ? 'json' : 'jsonl';
  return new AnswerSeen(
    request,
    ex.response.status,
    ex.response.headers,
    ex.response.bodyText,
    ex.response.truncated,
    framing,
  );
}
