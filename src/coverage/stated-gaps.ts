/** @module Parts of the schemas no request can exercise, each with the reason: stated, never silently dropped. */
import type { CoverageItem } from './item.js';

export interface StatedGap {
  readonly applies: (item: CoverageItem) => boolean;
  readonly reason: string;
}

const chatResponseUnder =
  (prefixes: readonly string[]) =>
  (item: CoverageItem): boolean =>
    item.operation === 'chat.create' &&
    item.kind === 'response' &&
    item.path !== undefined &&
    prefixes.some((p) => item.path!.startsWith(p));

export const STATED_GAPS: readonly StatedGap[] = [
  {
    applies: chatResponseUnder(['choices[].message.audio.']),
    reason: 'no §4.1 request field asks for audio output, so no answer can be asked to carry audio',
  },
  {
    applies: chatResponseUnder([
      'choices[].message.tool_calls[].',
      'choices[].message.function_call.',
      'choices[].delta.tool_calls',
    ]),
    reason: '§4.1: `tool_choice` allows only `none`, so no request can ask for a tool or function call',
  },
  {
    applies: chatResponseUnder(['choices[].message.annotations.', 'choices[].message.annotations[].']),
    reason: 'no §4.1 request field asks for annotations (URL citations)',
  },
  {
    applies: chatResponseUnder(['usage.prompt_tokens_details.cached_tokens']),
    reason:
      'no §4.1 request field asks for prompt-cache details; a server reports them at its own discretion (vLLM: only when started with --enable-prompt-tokens-details)',
  },
  {
    applies: (item) =>
      item.operation === 'chat.create' &&
      item.kind === 'request-accepted' &&
      item.mode === 'non-streamed' &&
      item.path?.startsWith('stream_options.') === true,
    reason:
      'stream_options with a field set is rejected without `stream: true` (conventions: "Stream options can only be defined when `stream=True`")',
  },
];
