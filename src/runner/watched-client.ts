/** @module One check's client under the target watch (target-watch.ts). */
import { ConformanceError } from '../core/errors.js';
import type { HttpClient, HttpRequestSpec, RecordedRequest, StreamingExchange } from '../transport/types.js';
import { describeGatewayAnswer, isGatewayExchange } from './gateway-answer.js';
import type { Sent } from './target-finding.js';

/** A gateway's answers for a backend that is not there: not the target answering. */
export const NOT_UP: ReadonlySet<number> = new Set([502, 503, 504]);

/** What a check's request meets once the target is known down: its check is run again, or listed as not run. */
export class TargetDownError extends ConformanceError {
  constructor(message: string) {
    super('CTS_TARGET_UNREACHABLE', message);
  }
}

/** What the watched client tells the watch, and asks of it. */
export interface RequestWatch {
  /** Requests of the checks under way, in the order they were sent. */
  readonly inFlight: Set<Sent>;
  record(spec: HttpRequestSpec): RecordedRequest;
  /** Waits while the target is down; throws a {@link TargetDownError} once it is gone. */
  gate(checkId: string): Promise<void>;
  /** An answer's status line arrived. */
  saw(spec: HttpRequestSpec, status: number): void;
  /** A request's answer: the target's own (`gateway` undefined), or a gateway's page. */
  heard(checkId: string, spec: HttpRequestSpec, gateway: string | undefined): void;
  unheard(checkId: string, spec: HttpRequestSpec, err: unknown): void;
  /** A request failed: throws the failure, or a {@link TargetDownError} when the target went down. */
  failed(sent: Sent, err: unknown): Promise<never>;
}

export function watchedClient(watch: RequestWatch, http: HttpClient, checkId: string): HttpClient {
  /** One request through the watch; `stays`: in flight after it is answered (a stream, until read or closed). */
  const watched = async <T>(spec: HttpRequestSpec, stays: boolean, go: (sent: Sent) => Promise<T>): Promise<T> => {
    await watch.gate(checkId);
    const sent: Sent = { check: checkId, spec, record: () => watch.record(spec) };
    watch.inFlight.add(sent);
    try {
      return await go(sent);
    } catch (err) {
      if (stays) watch.inFlight.delete(sent);
      watch.unheard(checkId, spec, err);
      return await watch.failed(sent, err);
    } finally {
      if (!stays) watch.inFlight.delete(sent);
    }
  };
  return {
    send: (spec) =>
      watched(spec, false, async () => {
        const ex = await http.send(spec);
        watch.saw(spec, ex.response.status);
        watch.heard(checkId, spec, isGatewayExchange(ex) ? describeGatewayAnswer(ex) : undefined);
        return ex;
      }),
    open: (spec) =>
      watched(spec, true, async (sent) => {
        const ex = await http.open(spec);
        watch.saw(spec, ex.status);
        // A stream's body is not read here: a gateway status without a JSON body is a gateway's page.
        const json = /json/i.test(ex.headers['content-type'] ?? '');
        watch.heard(checkId, spec, NOT_UP.has(ex.status) && !json ? `HTTP ${ex.status}` : undefined);
        return watchedStream(watch, ex, sent);
      }),
  };
}

/** A stream whose body failing is judged by the watch; in flight until read to its end or closed. */
function watchedStream(watch: RequestWatch, ex: StreamingExchange, sent: Sent): StreamingExchange {
  const inner = ex.chunks;
  const chunks = async function* () {
    try {
      for await (const chunk of inner) yield chunk;
    } catch (err) {
      await watch.failed(sent, err);
    } finally {
      watch.inFlight.delete(sent);
    }
  };
  return {
    ...ex,
    chunks: chunks(),
    elapsedMs: () => ex.elapsedMs(),
    close: () => {
      watch.inFlight.delete(sent);
      return ex.close();
    },
  };
}
