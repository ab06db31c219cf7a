/**
 * @module What every exchange judge of one proxy session shares: schemas, findings, redactor,
 * sampling, recording, settings and the pair rules' memory.
 */
import type { Operation } from '../core/operations.js';
import type { Parsed } from '../coverage/recorder.js';
import type { Redactor } from '../core/redact.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import type { TimingSketches } from '../timing/table.js';
import type { RecordedRequest } from '../transport/types.js';
import type { JudgeSettings } from '../rules/evidence.js';
import type { PairMemory } from '../rules/pairs.js';
import type { Rule, Side } from '../rules/rule.js';
import type { Findings } from './findings.js';
import type { PresentedCredentials } from './secrets.js';

/** Why an exchange is observed for coverage: one of the first of its shape, or a sampled repeat. */
export type Observation = 'first' | 'repeat';

/** What every exchange judge shares: the proxy's session. */
export interface JudgeContext {
  readonly schemas: SchemaRegistry;
  readonly findings: Findings;
  /** Largest body (request or JSON response) kept to be judged whole; a longer one is forwarded unjudged. */
  readonly maxBodyBytes: number;
  /** The redactor of every secret learned so far. */
  redactor(): Redactor;
  /** The command line of the session, for evidence. */
  readonly replay: string;
  /** The replay line of one exchange, by its line in the recording (exchange-replay.ts); replaces `replay`. */
  replayExchange?(line: number | undefined, op: Operation, rule: Rule | undefined): string;
  /**
   * Whether an exchange of this shape (what it could exercise: operation, status, the request's
   * top-level fields) is to be observed for coverage: one of the first of its shape (`first`), a
   * sampled repeat (`repeat`), or not at all (undefined).
   */
  sample(shape: string): Observation | undefined;
  /** The coverage recorder: one exchange, its status and (a bounded part of) its body. */
  observe(
    request: RecordedRequest,
    status: number,
    bodyText: string | undefined,
    credentials: PresentedCredentials,
    observation: Observation,
    /** What the judge parsed already (the recorder does not parse it again). */
    parsed?: Parsed,
  ): void;
  /** Said at once when a group gets its first breach (already redacted). */
  onFirstBreach?(side: Side, line: string): void;
  /** `--record`: each ended exchange of the interface, redacted, as one JSON line; returns its line number. */
  record?(line: string): number | undefined;
  /** `--record-bodies`: the record keeps whole answers (a stream's events with their time offsets). */
  readonly recordBodies?: boolean;
  /** What the judgement knows besides the traffic: credentials given, priority scheduling (§7.1), list parameters. */
  readonly settings: JudgeSettings;
  /** What earlier exchanges showed, for the rules judged on more than one (src/rules/pairs.ts). */
  readonly pairs: PairMemory;
  /** The session's timing: streams and answers of the exchanges answered 2xx (src/timing). */
  readonly timing?: TimingSketches;
}
