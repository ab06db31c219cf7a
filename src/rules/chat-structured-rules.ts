/**
 * @module The structured-output constraints of a chat request as rules, one per way of asking; a
 * schema or pattern that cannot be judged leaves the rule unjudged, never passed.
 */
import type { ChatBody } from './chat-answer.js';
import {
  jsonSchemaAsked,
  regexVerdict,
  type SchemaCheck,
  structuredBreach,
  structuredKind,
  structuredShown,
} from './chat-structured.js';
import type { CompletionSeen, Verdict } from './evidence.js';
import type { Rule } from './rule.js';

type Kind = 'choice' | 'regex' | 'json' | 'response-format';

function judged(kind: Kind, requirement: string) {
  return (e: CompletionSeen): Verdict => {
    const request: ChatBody = e.request;
    const { tools } = e.exchange.request.settings;
    if (structuredKind(request) !== kind) return undefined;
    if (kind === 'regex') {
      const v = regexVerdict(request, e.completion, tools.regex);
      return !v.judged ? undefined : v.breach === undefined ? 'held' : { expected: requirement, actual: v.breach };
    }
    if (!structuredShown(request, e.completion)) return undefined;
    if (kind !== 'choice' && tools.userSchema(jsonSchemaAsked(request)) === null) return undefined;
    const check: SchemaCheck = (schema, value) => tools.userSchema(schema)?.(value);
    const breach = structuredBreach(request, e.completion, check);
    return breach === undefined ? 'held' : { expected: requirement, actual: breach };
  };
}

function structuredRule(kind: Kind, check: string, convention: string, requirement: string, needs: string): Rule {
  const id = `chat-completions.${check}`;
  return {
    side: 'server',
    id,
    streamedId: `${id}.streamed`,
    ops: ['chat.create'],
    section: '§4.1',
    level: 'SHOULD',
    convention,
    requirement,
    needs,
    slot: 'completion',
    judge: judged(kind, requirement),
  };
}

export const STRUCTURED_RULES = {
  structuredChoice: structuredRule(
    'choice',
    'structured-outputs-choice',
    'vLLM structured outputs (choice)',
    'With structured_outputs.choice, the content is exactly one of the choices.',
    'a 2xx chat answer to a request with structured_outputs.choice (an answer cut by the token bound: a prefix of a choice)',
  ),
  structuredRegex: structuredRule(
    'regex',
    'structured-outputs-regex',
    'vLLM structured outputs (regex)',
    'With structured_outputs.regex, the whole content matches the regular expression.',
    'a 2xx chat answer finished with "stop" to a request with structured_outputs.regex (a pattern that compiles and matches within 50 ms)',
  ),
  structuredJson: structuredRule(
    'json',
    'structured-outputs-json',
    'vLLM structured outputs (json)',
    'With structured_outputs.json, the content parses as JSON and validates against the given schema.',
    'a 2xx chat answer to a request with structured_outputs.json (a schema ajv compiles)',
  ),
  responseFormat: structuredRule(
    'response-format',
    'response-format-json-schema',
    'OpenAI response_format json_schema',
    'With response_format {type: "json_schema"}, the content parses as JSON and validates against json_schema.schema.',
    'a 2xx chat answer to a request with response_format json_schema (a schema ajv compiles)',
  ),
} as const satisfies Record<string, Rule>;
