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
  LogTrajectoriesResponse,
  Prediction,
  TrainingJob,
  TrainingJobCreateRequestConventions,
  ValidationError,
} from '../../src/generated/types.js';

describe('src/generated/types.ts', () => {
  it('§4.1 request: messages required, nullable fields nullable, enums as unions', () => {
    expectTypeOf<ChatCompletionRequest['messages']>().toEqualTypeOf<ChatMessage[]>();
    expectTypeOf<ChatCompletionRequest['seed']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<ChatCompletionRequest['tool_choice']>().toEqualTypeOf<'none' | undefined>();
    expectTypeOf<ChatCompletionRequest['reasoning_effort']>().toEqualTypeOf<'low' | 'medium' | 'high' | null | undefined>();
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
