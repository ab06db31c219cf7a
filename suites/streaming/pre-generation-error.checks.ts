/** @module A streamed request breaking a §7 condition is refused with a 4xx, not an error event (SHOULD). */
import { defineCheck, type CheckDefinition } from '../../src/core/check.js';
import { fail, pass, skip } from '../../src/core/result.js';
import { minimalChatRequest, pathOf } from '../../src/kit/requests.js';
import { is2xx, is4xx } from '../../src/core/values.js';
import { evidenceOf } from '../records/listing.js';

/** The check that judges whether the request is refused at all. */
const OWNER = 'chat-completions.rejects-continue-with-generation-prompt.streamed';

export const preGenerationErrorIsHttp: CheckDefinition = defineCheck({
  id: 'streaming.pre-generation-error-is-http-4xx',
  operation: 'chat.create',
  section: '§7',
  level: 'SHOULD',
  convention:
    'vLLM validates a request before streaming: a broken condition is an HTTP 400, not a 200 stream with an error event',
  requirement:
    'A streamed request that breaks a §7 condition (continue_final_message with add_generation_prompt) is answered with an HTTP 4xx, not a 200 event stream carrying an error event.',
  async run(ctx) {
    const body = minimalChatRequest(ctx.target, {
      stream: true,
      continue_final_message: true,
      add_generation_prompt: true,
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'Once' },
      ],
    });
    const stream = await ctx.http.open({ method: 'POST', path: pathOf(ctx.target, 'chat.create'), json: body });
    let head = '';
    try {
      for await (const chunk of stream.chunks) {
        head += new TextDecoder().decode(chunk);
        if (head.length > 2048) break;
      }
    } finally {
      await stream.close();
    }
    if (is4xx(stream.status)) return pass();
    // The subject is how a refusal is signalled, not whether there is one (OWNER's rule).
    if (is2xx(stream.status) && !/"error"/.test(head))
      return skip(
        `no error to judge: the streamed request breaking §7.2 was accepted (HTTP ${stream.status}, no error event); see ${OWNER}`,
      );
    if (!is2xx(stream.status))
      return skip(
        `refused with HTTP ${stream.status} before any stream started, not with a 4xx: the status is ${OWNER}'s finding`,
      );
    return fail({
      expected: 'an HTTP 4xx before any stream starts',
      actual: `HTTP ${stream.status}: a 2xx stream carrying an error event`,
      ...evidenceOf(stream, head.slice(0, 512)),
    });
  },
  schedule: { maxRequests: () => 1 },
});
