/**
 * @module Where an answer's bytes go to be judged, decoded by their Content-Encoding; an answer in a
 * coding the proxy cannot decode is forwarded unjudged, said once in the report.
 */
import { codingOf, createBodyDecoder } from '../transport/content-encoding.js';
import type { ExchangeSteps } from './judge-queue.js';
import type { ProxySession } from './session.js';

/** Where an answer's bytes go to be judged: as they came, or decoded. */
export interface JudgeFeed {
  chunk(chunk: Buffer): void;
  /** The answer ended; the exchange ends once the judge has it all. */
  end(): void;
  /** The answer will not be judged to its end (cut, or the client went away). */
  stop(): void;
}

/** The answer's bytes to the judge as they came; `done` once it has them all (a class: one per exchange, no closures). */
export class PlainFeed implements JudgeFeed {
  constructor(
    private readonly judge: ExchangeSteps,
    private readonly done: () => void,
  ) {}
  chunk(chunk: Buffer): void {
    this.judge.responseChunk(chunk);
  }
  end(): void {
    this.judge.responseEnd();
    this.done();
  }
  stop(): void {}
}

/** The feed for an answer's Content-Encoding; `done` once the judge has it all (or will not). */
export function feedFor(
  contentEncoding: string | undefined,
  judge: ExchangeSteps,
  session: ProxySession,
  done: () => void,
  /** The plain feed already made for this judge and `done`, handed back for an answer not encoded. */
  plain: JudgeFeed,
): JudgeFeed {
  const coding = contentEncoding === undefined ? 'identity' : codingOf(contentEncoding);
  if (coding === 'identity') return plain;
  if (typeof coding === 'object') {
    // Forwarded as it came, its body not judged: said once in the report, never a failure.
    session.notDecoded(coding.undecodable);
    return {
      chunk: () => undefined,
      end() {
        judge.abandon();
        done();
      },
      stop: () => undefined,
    };
  }
  const decoder = createBodyDecoder(coding, {
    data: (chunk) => judge.responseChunk(chunk),
    end() {
      judge.responseEnd();
      done();
    },
    error(message) {
      judge.responseEnd({ code: 'CTS_TARGET_GARBAGE', message });
      done();
    },
  });
  return { chunk: (chunk) => decoder.write(chunk), end: () => decoder.end(), stop: () => decoder.destroy() };
}
