/** @module §4.1 logprobs: per token its `logprob`, `bytes` and `top_logprobs` (chosen first), as vLLM writes them. */
import { mix32 } from '../util/hash.js';
import { createRng } from '../util/prng.js';
import { tokenId } from './tokenizer.js';
import { WORDS } from './words.js';

interface TopLogprob {
  token: string;
  logprob: number;
  bytes: number[];
}
export interface TokenLogprob extends TopLogprob {
  top_logprobs: TopLogprob[];
}

const encoder = new TextEncoder();

function entry(token: string, asIds: boolean, logprob: number): TopLogprob {
  const shown = asIds ? `token_id:${tokenId(token)}` : token;
  return { token: shown, logprob, bytes: Array.from(encoder.encode(shown)) };
}

export function tokenLogprob(
  token: string,
  position: number,
  choiceSeed: number,
  top: number,
  asIds: boolean,
): TokenLogprob {
  const rng = createRng(mix32(choiceSeed, position));
  const chosen = -Math.round(rng.next() * 2000) / 1000;
  const tops: TopLogprob[] = top > 0 ? [entry(token, asIds, chosen)] : [];
  let logprob = chosen;
  const used = new Set([token]);
  while (tops.length < top) {
    const candidate = ' ' + (WORDS[rng.int(WORDS.length)] as string);
    if (used.has(candidate)) continue;
    used.add(candidate);
    logprob -= 0.25 + Math.round(rng.next() * 1500) / 1000;
    tops.push(entry(candidate, asIds, Math.round(logprob * 1000) / 1000));
  }
  return { ...entry(token, asIds, chosen), top_logprobs: tops };
}

/** vLLM's `prompt_logprobs`: null for the first prompt token, then `{id: {logprob, rank, decoded_token}}`. */
export function promptLogprobs(
  prompt: readonly { text: string; id: number }[],
  k: number,
  seed: number,
): Array<Record<string, unknown> | null> {
  return prompt.map((tok, i) => {
    if (i === 0) return null;
    const rng = createRng(mix32(seed, i));
    const out: Record<string, unknown> = {
      [tok.id]: { logprob: -Math.round(rng.next() * 3000) / 1000, rank: 1, decoded_token: tok.text },
    };
    for (let r = 2; r <= k + 1 && r <= 21; r++) {
      const word = ' ' + (WORDS[rng.int(WORDS.length)] as string);
      const id = tokenId(word);
      if (!(id in out))
        out[id] = { logprob: -Math.round((3 + rng.next() * 5) * 1000) / 1000, rank: r, decoded_token: word };
    }
    return out;
  });
}
