/**
 * @module Child process, baseline: a bare `node:http` server answering a paced Server-Sent Events
 * stream, the events given (the mock's own answer, read once by the scenario), the first `ttft` ms
 * after the headers and each later one `itl` ms after the one before, one timer and one `write` per
 * event, the request body JSON-parsed first (`bench/lib/sse-server.ts`). Node's default server
 * options (its own slow-client timeouts and listen backlog).
 * Arguments: ttft ms, itl ms, the events as a JSON array of strings (each with its blank line).
 */
import { serveSse } from '../lib/sse-server.js';

const ttft = Number(process.argv[2] ?? 200);
const itl = Number(process.argv[3] ?? 50);
const frames = JSON.parse(process.argv[4] ?? '[]') as string[];

await serveSse((res) => {
  let i = 0;
  const next = () => {
    if (res.destroyed) return;
    res.write(frames[i++]!);
    if (i < frames.length) setTimeout(next, itl);
    else res.end();
  };
  setTimeout(next, ttft);
});
