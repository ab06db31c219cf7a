/**
 * The generated types say what the schemas say. These are compile-time assertions: `npm test` runs
 * `tsc -p tsconfig.json` over `test/`, and vitest runs the same file (where they are no-ops).
 */
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ChatCompletionChoice,
  ChatCompletionRequest,
  ChatCompletionResponse,
  ChatMessage,
  ConformanceConfig,
  ConformanceRunReport,
  ConformanceRunReportOperation,
  LogTrajectoriesResponse,
  Prediction,
  TrainingJob,
  TrainingJobCreateRequestConventions,
  ValidationError,
} from '../../src/generated/types.js';
import type { OperationId } from '../../src/core/operations.js';
import type { JsonReport } from '../../reporters/json.js';
import type { ChatRequest as MockChatRequest } from '../../mock/chat/types.js';

describe('src/generated/types.ts', () => {
  it('§4.1 request: messages required, nullable fields nullable, enums as unions', () => {
    expectTypeOf<ChatCompletionRequest['messages']>().toEqualTypeOf<ChatMessage[]>();
    expectTypeOf<ChatCompletionRequest['seed']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<ChatCompletionRequest['tool_choice']>().toEqualTypeOf<'none' | undefined>();
    expectTypeOf<ChatCompletionRequest['reasoning_effort']>().toEqualTypeOf<
      'low' | 'medium' | 'high' | null | undefined
    >();
    expectTypeOf<ChatMessage['role']>().toEqualTypeOf<string>();
  });

  it('§4.1 response: model, choices and usage required; stop_reason integer | string | null', () => {
    expectTypeOf<ChatCompletionResponse['model']>().toEqualTypeOf<string>();
    expectTypeOf<ChatCompletionResponse['choices']>().toEqualTypeOf<ChatCompletionChoice[]>();
    expectTypeOf<ChatCompletionChoice['stop_reason']>().toEqualTypeOf<number | string | null | undefined>();
  });

  it('records, jobs and errors', () => {
    expectTypeOf<Prediction['output']>().toEqualTypeOf<unknown>();
    expectTypeOf<LogTrajectoriesResponse>().toEqualTypeOf<unknown>();
    expectTypeOf<TrainingJob['id']>().toEqualTypeOf<string>();
    expectTypeOf<TrainingJobCreateRequestConventions['model_id']>().toEqualTypeOf<string>();
    expectTypeOf<ValidationError['detail'][number]['loc']>().toEqualTypeOf<(string | number)[]>();
  });
});

// The hand-written runtime types that mirror a schema are proved against the generated ones, so a
// schema change that the code does not follow breaks `npm test` (tsc over this file). `readonly` is
// the code's promise not to mutate, which a JSON Schema cannot say: it is stripped before comparing.
type Writable<T> = T extends (infer U)[] | readonly (infer U)[]
  ? Writable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: Writable<Exclude<T[K], undefined>> }
    : T;

describe('runtime types agree with the schemas', () => {
  it('the JSON report the reporter writes is a report of schemas/report', () => {
    expectTypeOf<Writable<JsonReport>>().toExtend<ConformanceRunReport>();
  });

  it('the operation ids are the report schema enum', () => {
    expectTypeOf<OperationId>().toEqualTypeOf<ConformanceRunReportOperation>();
  });

  it('every §4.1 request the schema allows is a request the mock reads', () => {
    expectTypeOf<ChatCompletionRequest>().toExtend<MockChatRequest>();
  });

  it('the config file type is the config schema', () => {
    expectTypeOf<ConformanceConfig['only']>().toEqualTypeOf<string[] | undefined>();
  });
});
