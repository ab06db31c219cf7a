/**
 * @module Child process, baseline: a bare `node:http` Server-Sent Events answer, the same number of
 * events of the same total size as the mock's streamed chat answer (given as arguments), one
 * `write` per event as a token-by-token server does, and the body JSON-parsed first
 * (`bench/lib/sse-server.ts`). Arguments: events, bytes per response.
 */
import { serveSse } from '../lib/sse-server.js';

const events = Math.max(1, Number(process.argv[2] ?? 20));
const bytes = Math.max(events * 16, Number(process.argv[3] ?? 4000));
const per = Math.floor(bytes / events);
const frames: string[] = [];
for (let i = 0; i < events - 1; i++) {
  const head = `data: {"id":"chatcmpl-1","object":"chat.completion.chunk","i":${i},"pad":"`;
  frames.push(head + 'x'.repeat(Math.max(0, per - head.length - 4)) + '"}\n\n');
}
frames.push('data: [DONE]\n\n');

await serveSse((res) => {
  for (const f of frames) res.write(f);
  res.end();
});
