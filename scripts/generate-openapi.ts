/** @module Generates `openapi/openapi.json` from the bundled schemas and the operation table; nothing here restates a schema. */
import { join } from 'node:path';
import { OPERATIONS, type Operation, type SharedErrorResponse } from '../src/core/operations.js';
import { packageFile, packageRoot } from '../src/core/package-root.js';
import type { GeneratedFile } from './generators.js';
import { bundleSchemas, loadSchemaFiles, type JsonObject, type SchemaBundle } from './schema-bundle.js';

const OPENAPI_PATH = 'openapi/openapi.json';

const ref = (component: string): string => `#/components/schemas/${component}`;

/** The folders of `schemas/` that describe the interface; the others hold the suite's own formats. */
export const API_SCHEMA_FOLDERS = ['chat', 'training', 'records', 'errors', 'params', 'conventions'] as const;

type SharedResponse = { readonly description: string; readonly schema: string; readonly [x: `x-${string}`]: string };

/** Shared responses (`components/responses`), none of which the interface gives a status code for (§7). */
const RESPONSES: Readonly<Record<SharedErrorResponse, SharedResponse>> = {
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

/** `chat.create` → `chatCreate`. */
const operationIdOf = (op: Operation): string => op.id.replace(/[.-](\w)/g, (_, c: string) => c.toUpperCase());

function operationObject(op: Operation, bundle: SchemaBundle, operationId: string, summarySuffix = ''): JsonObject {
  const extras = op.docs;
  const parameters: JsonObject[] = [];
  for (const [, name] of op.path.matchAll(/\{(\w+)\}/g))
    parameters.push({ $ref: `#/components/parameters/${parameterKey('path', name as string)}` });
  if (extras.query) {
    for (const name of Object.keys(propertiesOf(bundle, extras.query)))
      parameters.push({ $ref: `#/components/parameters/${parameterKey('query', name)}` });
  }
  const success = op.jsonl ? `${op.responseSchema}-list` : op.responseSchema!;
  const successContent: JsonObject = op.jsonl
    ? { 'application/jsonl': { schema: { $ref: ref(component(bundle, success)) } } }
    : { 'application/json': { schema: { $ref: ref(component(bundle, success)) } } };
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

function buildOpenApi(dir: string = join(packageRoot(), 'schemas')): JsonObject {
  const files = loadSchemaFiles(dir).filter((f) =>
    (API_SCHEMA_FOLDERS as readonly string[]).includes(f.name.split('/')[0] as string),
  );
  const bundle = bundleSchemas(files, ref);
  const pkg = JSON.parse(packageFile('package.json')) as { version: string };

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
    const method = op.method.toLowerCase();
    paths[op.path] = { ...(paths[op.path] ?? {}), [method]: operationObject(op, bundle, operationIdOf(op)) };
    if (op.trailingSlashVariant) {
      paths[op.path + '/'] = {
        [method]: operationObject(op, bundle, operationIdOf(op) + 'TrailingSlash', ' (trailing-slash variant)'),
      };
    }
  }

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
