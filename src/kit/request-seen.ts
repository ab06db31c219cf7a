/**
 * @module The evidence of a request, made once for every rule that reads it (src/rules/evidence.ts
 * `RequestSeen`): its presentation of credentials, its body parsed and judged against the request
 * schema (and every lax reading of it, decisions/0004), a chat body against the vLLM rules, a
 * listing's query; and the tools a driver lends the judgement (the schemas, a sandboxed regex, a
 * client's schema compiled).
 */
import type { ConfiguredCredentials } from '../core/credentials.js';
import { DEFAULT_LIST_PARAMS } from '../core/defaults.js';
import { describeSchemaErrors } from '../core/describe.js';
import type { Operation } from '../core/operations.js';
import { classifyAuthorization } from '../core/presentations.js';
import { isJsonObject } from '../core/values.js';
import { laxlyValid } from '../generation/index.js';
import type { JudgeSettings, JudgeTools, ListingAsked, RequestSeen } from '../rules/evidence.js';
import { vllmRuleViolations } from '../rules/vllm-request-rules.js';
import { registry, type SchemaRegistry } from '../schemas/registry.js';
import { regexInSandbox } from './regex-sandbox.js';
import { userSchemaCheck } from './user-schema.js';

/** The tools of a driver judging with the interface's schemas. */
export function judgeTools(schemas: Pick<SchemaRegistry, 'validate'> = registry()): JudgeTools {
  return { schemas, regex: regexInSandbox, userSchema: userSchemaCheck };
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
  let body: unknown;
  let json = false;
  if (x.text !== undefined && x.kept)
    try {
      body = JSON.parse(x.text);
      json = true;
    } catch {
      body = undefined;
    }
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
