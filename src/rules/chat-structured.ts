/**
 * @module What one chat answer shows about its structured-output constraint (§4.1
 * `structured_outputs`, `response_format` json_schema), judged alike by the suite and the proxy; an
 * answer cut by the budget is judged as a prefix.
 *
 * Validation and matching are the caller's (`SchemaCheck`, `RegexCheck`): src/rules loads no package
 * and runs no pattern a client wrote.
 */
import { isJsonObject, jsonOrUndefined } from '../core/values.js';
import { type ChatBody, choicesOf, contentOf } from './chat-answer.js';

/** What a request constrains the content by: a choice list, a regex, a JSON schema (`structured_outputs.json`, or `response_format` json_schema). */
export function structuredKind(request: ChatBody): 'choice' | 'regex' | 'json' | 'response-format' | undefined {
  if (choicesAsked(request)) return 'choice';
  const so = isJsonObject(request.structured_outputs) ? request.structured_outputs : undefined;
  if (so?.json !== undefined) return jsonSchemaAsked(request) === undefined ? undefined : 'json';
  if (typeof so?.regex === 'string' && so.regex !== '') return 'regex';
  return jsonSchemaAsked(request) === undefined ? undefined : 'response-format';
}

/** The choices a request constrains the content to (structured_outputs.choice). */
function choicesAsked(request: ChatBody): string[] | undefined {
  const so = isJsonObject(request.structured_outputs) ? request.structured_outputs : undefined;
  const list = so?.choice;
  return Array.isArray(list) && list.length > 0 && list.every((c) => typeof c === 'string') ? list : undefined;
}

/** The content against the choices: one of them (a prefix of one when `cut`). */
export function choiceContentProblem(choices: readonly string[], content: string, cut: boolean): string | undefined {
  return (cut ? choices.some((c) => c.startsWith(content)) : choices.includes(content))
    ? undefined
    : `content ${JSON.stringify(content)} is not ${cut ? 'a prefix of ' : ''}one of ${JSON.stringify(choices)}`;
}

/** Validates a value against the request's schema; returns the problem in words, or undefined. */
export type SchemaCheck = (schema: unknown, value: unknown) => string | undefined;

/** The JSON schema a request constrains the content to (structured_outputs.json, or response_format json_schema). */
export function jsonSchemaAsked(request: ChatBody): Record<string, unknown> | boolean | undefined {
  const so = isJsonObject(request.structured_outputs) ? request.structured_outputs : undefined;
  if (so && so.json !== undefined) {
    // §4.1 types structured_outputs.json as a string: the schema sent serialised.
    if (isJsonObject(so.json)) return so.json;
    if (typeof so.json !== 'string') return undefined;
    const parsed = jsonOrUndefined(so.json);
    return isJsonObject(parsed) || typeof parsed === 'boolean' ? parsed : undefined;
  }
  const rf = isJsonObject(request.response_format) ? request.response_format : undefined;
  if (rf?.type !== 'json_schema' || !isJsonObject(rf.json_schema)) return undefined;
  const schema = rf.json_schema.schema;
  return isJsonObject(schema) || typeof schema === 'boolean' ? schema : undefined;
}

/** The content against the schema; when `cut`, only the start of an object the schema asks for is judged. */
export function jsonContentProblem(
  schema: unknown,
  content: string,
  cut: boolean,
  check: SchemaCheck,
): string | undefined {
  if (cut) {
    const objectSchema = isJsonObject(schema) && schema.type === 'object';
    return !objectSchema || content.trimStart() === '' || content.trimStart().startsWith('{')
      ? undefined
      : `content ${JSON.stringify(content)} does not start a JSON object`;
  }
  const value = jsonOrUndefined(content);
  if (value === undefined) return `content ${JSON.stringify(content)} is not JSON`;
  const problem = check(schema, value);
  return problem === undefined
    ? undefined
    : `content ${JSON.stringify(content)} does not validate against ${JSON.stringify(schema)}: ${problem}`;
}

/** Whether `content` matches `pattern` in whole; undefined: it does not compile here, or the matcher gave up. */
export type RegexCheck = (pattern: string, content: string) => boolean | undefined;

/** The regular expression a request constrains the content to (structured_outputs.regex). */
function regexAsked(request: ChatBody): string | undefined {
  const so = isJsonObject(request.structured_outputs) ? request.structured_outputs : undefined;
  return typeof so?.regex === 'string' && so.regex !== '' ? so.regex : undefined;
}

/** The whole-match expression of a pattern (vLLM matches the whole output). */
export function wholeMatch(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, 'u');
}

/** A finished content against the pattern: the problem, `null` when it cannot be judged, or undefined. */
export function regexContentProblem(pattern: string, content: string, check: RegexCheck): string | null | undefined {
  const matched = check(pattern, content);
  if (matched === undefined) return null;
  return matched ? undefined : `content ${JSON.stringify(content)} does not match ${pattern}`;
}

/** Every choice finished with "stop" matches in whole; a cut one is not judged (JS cannot tell a prefix of a match). */
export function regexVerdict(
  request: ChatBody,
  completion: ChatBody,
  check: RegexCheck,
): { readonly judged: boolean; readonly breach?: string } {
  const pattern = regexAsked(request);
  if (pattern === undefined) return { judged: false };
  let judged = false;
  for (const c of choicesOf(completion)) {
    if (c.finish_reason !== 'stop') continue;
    const problem = regexContentProblem(pattern, contentOf(c), check);
    if (problem === null) return { judged: false };
    judged = true;
    if (problem) return { judged, breach: `choice ${String(c.index)}: ${problem}` };
  }
  return { judged };
}

/** Some choice finished with "stop", or "length" with content: an empty prefix fits every constraint. */
export function structuredShown(request: ChatBody, completion: ChatBody): boolean {
  if (choicesAsked(request) === undefined && jsonSchemaAsked(request) === undefined) return false;
  return choicesOf(completion).some(
    (c) => c.finish_reason === 'stop' || (c.finish_reason === 'length' && contentOf(c).trim() !== ''),
  );
}

/** Every choice's content honours the request's choice list or JSON schema (a cut one as a prefix). */
export function structuredBreach(request: ChatBody, completion: ChatBody, check: SchemaCheck): string | undefined {
  const choices = choicesAsked(request);
  const schema = choices ? undefined : jsonSchemaAsked(request);
  for (const c of choicesOf(completion)) {
    if (c.finish_reason !== 'stop' && c.finish_reason !== 'length') continue;
    const cut = c.finish_reason === 'length';
    const content = contentOf(c);
    const problem = choices
      ? choiceContentProblem(choices, content, cut)
      : schema !== undefined
        ? jsonContentProblem(schema, content, cut, check)
        : undefined;
    if (problem) return `choice ${String(c.index)}: ${problem}`;
  }
  return undefined;
}
