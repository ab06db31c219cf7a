/**
 * @module Generator of `openapi/openapi.json`: an OpenAPI 3.1 document assembled from the schemas
 * under `schemas/` (copied into `components/schemas` by the bundler, `$ref`s rewritten) and the
 * operation table of `src/core/operations.ts` (paths, methods, §5 authentication). Nothing here
 * restates a schema: parameters take their schemas from `schemas/params/`, bodies are `$ref`s.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATIONS, type Operation, type OperationId } from '../src/core/operations.js';
import { packageRoot } from '../src/core/package-root.js';
import type { GeneratedFile } from './generators.js';
import { bundleSchemas, loadSchemaFiles, type JsonObject, type SchemaBundle } from './schema-bundle.js';

const OPENAPI_PATH = 'openapi/openapi.json';

const ref = (component: string): string => `#/components/schemas/${component}`;

/**
 * The folders of `schemas/` that describe the interface (spec level and convention overlays). Other
 * folders hold the suite's own formats (its configuration, its reports), which are no part of the API.
 */
export const API_SCHEMA_FOLDERS = ['chat', 'training', 'records', 'errors', 'params', 'conventions'] as const;

/** §4.1: "a variant with a trailing slash, `/v1/chat/completions/`, appears in one request example". */
const TRAILING_SLASH_VARIANT: OperationId = 'chat.create';

/** Shared responses (`components/responses`), none of which the interface gives a status code for (§7). */
const RESPONSES = {
  ValidationError: {
    description:
      '§7 validation-error body. The interface gives this body for trajectory logging (§4.4) and no status code; 422 is the status of the FastAPI services behind §4.2–§4.8 and of a FastAPI front on §4.1 (convention).',
    schema: 'errors/validation-error',
    'x-spec-section': '§7',
  },
  OpenAIError: {
    description:
      'Not in the interface: the OpenAI error envelope vLLM answers for a rejected chat request (convention; status 400).',
    schema: 'errors/openai-error',
    'x-convention': 'OpenAI error envelope (vLLM)',
  },
  NotFound: {
    description:
      'Not in the interface: the answer to an unknown id (convention: `{"reason": ...}` or FastAPI `{"detail": ...}`).',
    schema: 'errors/not-found-error',
    'x-convention': 'evaluation-record service / FastAPI 404 body',
  },
} as const;
type SharedResponse = keyof typeof RESPONSES;

/** Per operation: what `src/core/operations.ts` does not say. */
interface OperationExtras {
  readonly operationId: string;
  readonly tag: 'Chat' | 'Training (preview)' | 'Evaluation records';
  readonly description: string;
  /** Schema of the 200 body (the list schema for the JSONL operations). */
  readonly success: string;
  readonly successDescription: string;
  readonly errors: Readonly<Partial<Record<'400' | '404' | '422', SharedResponse>>>;
  readonly query?: string;
}

const EXTRAS: Readonly<Record<OperationId, OperationExtras>> = {
  'chat.create': {
    operationId: 'chatCreate',
    tag: 'Chat',
    description:
      'Given a list of messages and optionally a model name, returns one or more generated completions (choices) and token usage. With `stream: true` the body is a stream of chunks (shape not shown in §4.1; the OpenAI `chat.completion.chunk` convention is described by the `ChatCompletionChunk` schema).',
    success: 'chat/chat-completion-response',
    successDescription: '§4.1: described as a successful response.',
    errors: { '400': 'OpenAIError', '422': 'ValidationError' },
  },
  'training-jobs.create': {
    operationId: 'trainingJobsCreate',
    tag: 'Training (preview)',
    description:
      "Creates a reinforcement-learning training job from groups of trajectories with rewards and an optional experimental configuration; returns the new job's identifier.",
    success: 'training/training-job',
    successDescription: '§4.2: object with `id` (UUID) of the new job.',
    errors: { '422': 'ValidationError' },
  },
  'training-jobs.get': {
    operationId: 'trainingJobsGet',
    tag: 'Training (preview)',
    description: 'Fetches a training job by identifier.',
    success: 'training/training-job',
    successDescription: '§4.3: object with `id` (UUID).',
    errors: { '404': 'NotFound', '422': 'ValidationError' },
  },
  'trajectories.log': {
    operationId: 'trajectoriesLog',
    tag: 'Training (preview)',
    description: 'Logs groups of trajectories against a model and a data split; the service calculates metrics.',
    success: 'training/log-trajectories-response',
    successDescription: '§4.4: described as a successful response; body not shown (any JSON value).',
    errors: { '422': 'ValidationError' },
  },
  'predictions.list': {
    operationId: 'predictionsList',
    tag: 'Evaluation records',
    description: 'Lists the predictions of a project. Ordering of results: not shown.',
    success: 'records/prediction-list',
    successDescription:
      '§4.5: a stream of data in JSONL format whose records are Prediction objects (§2.1), one per line. OpenAPI 3.1 cannot describe a line stream, so the schema is the illustrative body of §4.5, an array of Prediction objects.',
    errors: { '422': 'ValidationError' },
    query: 'params/list-query',
  },
  'predictions.read': {
    operationId: 'predictionsRead',
    tag: 'Evaluation records',
    description: 'Reads one prediction.',
    success: 'records/prediction',
    successDescription: '§4.6: one Prediction object (§2.1).',
    errors: { '404': 'NotFound' },
  },
  'scores.list': {
    operationId: 'scoresList',
    tag: 'Evaluation records',
    description: 'Lists the scores of a project. Ordering of results: not shown.',
    success: 'records/score-list',
    successDescription:
      '§4.7: a stream of data in JSONL format whose records are Score objects (§2.2), one per line. OpenAPI 3.1 cannot describe a line stream, so the schema is the illustrative body of §4.7, an array of Score objects.',
    errors: { '422': 'ValidationError' },
    query: 'params/list-query',
  },
  'scores.read': {
    operationId: 'scoresRead',
    tag: 'Evaluation records',
    description: 'Reads one score.',
    success: 'records/score',
    successDescription: '§4.8: one Score object (§2.2).',
    errors: { '404': 'NotFound' },
  },
};

const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      '§5: `/v1/...` (chat completions, training jobs, trajectory logging): `Authorization: Bearer <ACCESS_TOKEN>`.',
  },
  basicAuth: {
    type: 'http',
    scheme: 'basic',
    description:
      '§5: `/v2/...` (predictions, scores): `Authorization: Basic <BASE64_CREDENTIALS>`, the base64 encoding of `username:password`.',
  },
} as const;

function component(bundle: SchemaBundle, name: string): string {
  const c = bundle.componentOf.get(name);
  if (!c) throw new Error(`generate-openapi: no schema named ${name}`);
  return c;
}

function propertiesOf(bundle: SchemaBundle, name: string): Record<string, JsonObject> {
  const schema = bundle.components[component(bundle, name)];
  const props = schema?.properties;
  if (typeof props !== 'object' || props === null) throw new Error(`generate-openapi: ${name} has no properties`);
  return props as Record<string, JsonObject>;
}

/** A Parameter Object whose schema is the property of a params schema (description lifted out). */
function parameter(where: 'path' | 'query', name: string, property: JsonObject): JsonObject {
  const { description, ...schema } = property;
  return {
    name,
    in: where,
    required: where === 'path',
    ...(typeof description === 'string' ? { description } : {}),
    schema,
  };
}

function parameterKey(where: 'path' | 'query', name: string): string {
  const camel = name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return (where === 'path' ? 'Path' : 'Query') + camel.charAt(0).toUpperCase() + camel.slice(1);
}

function operationObject(
  op: Operation,
  extras: OperationExtras,
  bundle: SchemaBundle,
  operationId: string,
  summarySuffix = '',
): JsonObject {
  const parameters: JsonObject[] = [];
  for (const [, name] of op.path.matchAll(/\{(\w+)\}/g))
    parameters.push({ $ref: `#/components/parameters/${parameterKey('path', name as string)}` });
  if (extras.query) {
    for (const name of Object.keys(propertiesOf(bundle, extras.query)))
      parameters.push({ $ref: `#/components/parameters/${parameterKey('query', name)}` });
  }
  const successContent: JsonObject = op.jsonl
    ? { 'application/jsonl': { schema: { $ref: ref(component(bundle, extras.success)) } } }
    : { 'application/json': { schema: { $ref: ref(component(bundle, extras.success)) } } };
  if (op.id === 'chat.create') {
    successContent['text/event-stream'] = {
      schema: {
        type: 'string',
        description:
          'When `stream` is true. Shape not shown in §4.1; by convention Server-Sent Events, each `data: <ChatCompletionChunk JSON>` followed by a blank line, ending with `data: [DONE]`.',
      },
      'x-convention': 'OpenAI chat.completion.chunk streaming format (see components/schemas/ChatCompletionChunk)',
    };
  }
  const responses: JsonObject = { '200': { description: extras.successDescription, content: successContent } };
  for (const [status, shared] of Object.entries(extras.errors))
    responses[status] = { $ref: `#/components/responses/${shared}` };
  return {
    operationId,
    summary: op.title + summarySuffix,
    description: extras.description,
    tags: [extras.tag],
    'x-spec-section': op.section,
    security: [{ [op.auth === 'bearer' ? 'bearerAuth' : 'basicAuth']: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.requestSchema
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: ref(component(bundle, op.requestSchema)) } } },
          },
        }
      : {}),
    responses,
  };
}

/** Builds the OpenAPI 3.1 document from the schemas under `dir`. */
function buildOpenApi(dir: string = join(packageRoot(), 'schemas')): JsonObject {
  const files = loadSchemaFiles(dir).filter((f) =>
    (API_SCHEMA_FOLDERS as readonly string[]).includes(f.name.split('/')[0] as string),
  );
  const bundle = bundleSchemas(files, ref);
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string };

  const parameters: Record<string, JsonObject> = {};
  for (const [name, property] of Object.entries(propertiesOf(bundle, 'params/path-params')))
    parameters[parameterKey('path', name)] = parameter('path', name, property);
  for (const [name, property] of Object.entries(propertiesOf(bundle, 'params/list-query')))
    parameters[parameterKey('query', name)] = parameter('query', name, property);

  const responses: Record<string, JsonObject> = {};
  for (const [key, r] of Object.entries(RESPONSES)) {
    const { schema, description, ...annotations } = r;
    responses[key] = {
      description,
      content: { 'application/json': { schema: { $ref: ref(component(bundle, schema)) } } },
      ...annotations,
    };
  }

  const paths: Record<string, JsonObject> = {};
  for (const op of OPERATIONS) {
    const extras = EXTRAS[op.id];
    const method = op.method.toLowerCase();
    paths[op.path] = { ...(paths[op.path] ?? {}), [method]: operationObject(op, extras, bundle, extras.operationId) };
    if (op.id === TRAILING_SLASH_VARIANT) {
      paths[op.path + '/'] = {
        [method]: operationObject(
          op,
          extras,
          bundle,
          extras.operationId + 'TrailingSlash',
          ' (trailing-slash variant)',
        ),
      };
    }
  }
  const missing = Object.keys(EXTRAS).filter((id) => !OPERATIONS.some((op) => op.id === id));
  if (missing.length > 0) throw new Error(`generate-openapi: operations without a path: ${missing.join(', ')}`);

  return {
    openapi: '3.1.0',
    info: {
      title: 'Model Serving, Training-Job and Evaluation-Record Service Interface',
      version: pkg.version,
      description:
        'Generated from the JSON Schemas of the conformance suite (schemas/**.json) by scripts/generate-openapi.ts; do not edit. ' +
        'Section references (x-spec-section) are to the interface document; x-convention marks what comes from the conventions around the interface (SHOULD level), not from the interface. ' +
        'Status codes other than the success are not shown in the interface; the error responses listed are the conventional ones. Judgement calls: decisions/0001-not-shown.md.',
    },
    servers: [
      {
        url: '{base_url}',
        description:
          "The service's base address ({base_url} in the interface); the default is a placeholder for a local deployment.",
        variables: { base_url: { default: 'http://127.0.0.1:8080' } },
      },
    ],
    tags: [
      { name: 'Chat', description: '§4.1' },
      { name: 'Training (preview)', description: '§4.2–§4.4' },
      { name: 'Evaluation records', description: '§4.5–§4.8 (version 2)' },
    ],
    paths,
    components: { schemas: bundle.components, parameters, responses, securitySchemes: SECURITY_SCHEMES },
  };
}

export async function openApiGenerator(): Promise<GeneratedFile[]> {
  return [{ path: OPENAPI_PATH, content: JSON.stringify(buildOpenApi(), null, 2) + '\n' }];
}
