/** @module Fixed bodies the baselines answer with (built once, at start-up). */

/** A chat.completion JSON of about `size` bytes (padded in the message content). */
export function fixedCompletion(size: number): string {
  const make = (content: string) =>
    JSON.stringify({
      id: 'chatcmpl-9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'mock-model',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, reasoning_content: null, tool_calls: [] },
          logprobs: null,
          finish_reason: 'length',
          stop_reason: null,
        },
      ],
      usage: { prompt_tokens: 42, total_tokens: 58, completion_tokens: 16, prompt_tokens_details: null },
      prompt_logprobs: null,
      kv_transfer_params: null,
    });
  const empty = make('').length;
  const words = 'the quick brown fox jumps over the lazy dog and keeps running across the field ';
  let content = '';
  while (content.length < size - empty) content += words;
  return make(content.slice(0, Math.max(0, size - empty)));
}
