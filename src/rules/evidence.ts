/**
 * @module The evidence a rule judges, one kind per slot (request, exchange, completion, stream,
 * record, listing, pair), and the judgement's result; each driver feeds a slot's rules (index.ts
 * `rulesFor`) the evidence it holds.
 */
import type { ConfiguredCredentials } from '../core/credentials.js';
import type { Operation } from '../core/operations.js';
import type { RecordKind } from '../core/record-kinds.js';
import type { PresentationId } from '../core/presentations.js';
import type { SchemaRegistry } from '../schemas/registry.js';
import type { ChatBody } from './chat-answer.js';
import type { ChatStreamVerdict } from './chat-stream-verdict.js';
import type { RegexCheck } from './chat-structured.js';
import type { RuleViolation } from './vllm-request-rules.js';

/** A breach: what the rule expected and what came. */
export interface Breach {
  readonly expected: string;
  readonly actual: string;
}

/** A judgement: a breach, `held`, or undefined when the evidence does not show the rule (not judged). */
export type Verdict = Breach | 'held' | undefined;

/** What a judgement needs that src/rules does not make itself (it loads no package, runs no client's pattern). */
export interface JudgeTools {
  /** Validates a value against one of the interface's schemas (an error body's `detail[]` shape). */
  readonly schemas: Pick<SchemaRegistry, 'validate'>;
  /** Matches a client's pattern against a content in whole, or cannot say (src/kit/regex-sandbox.ts). */
  readonly regex: RegexCheck;
  /** A client's JSON schema as a check (the problem, or undefined), or null when it cannot be compiled here. */
  userSchema(schema: unknown): ((value: unknown) => string | undefined) | null;
  /**
   * Whether a request body keeps the conventions of the servers the operation comes from too
   * (schemas/conventions: values in use, fields real servers require), beside its request schema.
   */
  conventional(op: Operation, body: unknown): boolean;
}

/** The names of the list endpoints' query parameters (§4.5, §4.7: not shown; `--param-*`). */
export interface ListParams {
  readonly evaluationRunId: string;
  readonly limit: string;
  readonly offset: string;
}

/** What a driver knows of the deployment, beside the traffic, and the tools it lends the judgement. */
export interface JudgeSettings {
  readonly tools: JudgeTools;
  /** The credentials the target accepts, when the user gave them (`--token`, `--basic`). */
  readonly configured?: ConfiguredCredentials | undefined;
  /** Whether the served model uses priority scheduling (§7.1). */
  readonly priorityScheduling: boolean;
  /** The names of the list endpoints' query parameters (§4.5, §4.7: not shown). */
  readonly listParams: ListParams;
}

/** What a listing request asked for, read with the list parameters' names. */
export interface ListingAsked {
  /** A list parameter given a value of the wrong type (a limit or offset that is no whole number): its name. */
  readonly invalid?: string;
  readonly limit?: number;
  readonly offset?: number;
  readonly evaluationRunId?: string;
}

/** The request alone: parsed once for every rule that reads it. */
export interface RequestSeen {
  readonly op: Operation;
  readonly method: string;
  /** The path and query as sent (relative to the base URL). */
  readonly target: string;
  /** The path parameters of the operation's template. */
  readonly params: Readonly<Record<string, string>>;
  readonly authorization: string | undefined;
  /** The presentation of credentials, named without the configured secrets (no-credentials, malformed, other-scheme…). */
  readonly presentation: PresentationId;
  /** Named against the configured credentials, when they were given (a derived one, unknown ones, valid). */
  readonly against: PresentationId | undefined;
  readonly contentType: string | undefined;
  /** The body as sent: undefined when none was sent, or not kept whole (`kept`). */
  readonly text: string | undefined;
  readonly kept: boolean;
  /** The body parsed: undefined when none, or not JSON (`json` false). */
  readonly body: unknown;
  readonly json: boolean;
  /** The body against the operation's request schema: the problem, or undefined when valid (or no schema). */
  readonly schemaProblem: string | undefined;
  /** The body breaks the request schema however a lax validator reads it (decisions/0004): the breach. */
  readonly refusable: string | undefined;
  /** A chat request's breaches of the vLLM cross-field rules. */
  readonly vllm: readonly RuleViolation[];
  /** A listing's query, read with the list parameters' names. */
  readonly asked: ListingAsked;
  readonly settings: JudgeSettings;
}

/** The request and its answer's head, with the body when it was read whole. */
export interface ExchangeSeen {
  readonly request: RequestSeen;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The whole body (a JSON answer within the size judged), else undefined. */
  readonly text: string | undefined;
  /** The body parsed (undefined: not JSON, or no whole body). */
  readonly json: unknown;
  /** A 2xx body against the operation's response schema: the problem, or undefined when valid or not judged. */
  readonly schemaProblem: string | undefined;
  /** The answer broke off (the body was cut): what the body shows is not judged. */
  readonly cut: boolean;
  /** How the answer was framed. */
  readonly framing: 'json' | 'sse' | 'jsonl' | 'none';
}

/** One whole chat completion with its request (non-streamed, or a stream reassembled). */
export interface CompletionSeen {
  readonly exchange: ExchangeSeen;
  readonly request: ChatBody;
  readonly completion: ChatBody;
  /** Undefined: not seen (a rule the headers could show is then judged only when the body shows it). */
  readonly headers: Readonly<Record<string, string>> | undefined;
  readonly streamed: boolean;
}

/** A chat stream as the stream judge saw it. */
export interface StreamSeen {
  readonly exchange: ExchangeSeen;
  readonly verdict: ChatStreamVerdict;
}

/** One valid record of a 2xx listing. */
export interface RecordSeen {
  readonly exchange: ExchangeSeen;
  readonly kind: RecordKind;
  readonly record: Readonly<Record<string, unknown>>;
  readonly line: number;
  /** The record's line in characters: what the record holds, for the pair memory's bound. */
  readonly bytes: number;
}

/** A 2xx listing once whole (or cut). */
export interface ListingSeen {
  readonly exchange: ExchangeSeen;
  readonly kind: RecordKind;
  /** Valid records read, and lines read. */
  readonly records: number;
  readonly lines: number;
  /** The first bad line, in words. */
  readonly problem: string | undefined;
  /** The records' ids and evaluation runs in order; undefined: some record had no id, or too many. */
  readonly ids: readonly { readonly id: string; readonly run: unknown }[] | undefined;
}

export interface SlotEvidence {
  readonly request: RequestSeen;
  readonly exchange: ExchangeSeen;
  readonly completion: CompletionSeen;
  readonly stream: StreamSeen;
  readonly record: RecordSeen;
  readonly listing: ListingSeen;
}

export type BaseSlot = keyof SlotEvidence;
export type Slot = BaseSlot | 'pair';

export type SlotJudge =
  | { readonly [S in BaseSlot]: { readonly slot: S; judge(e: SlotEvidence[S]): Verdict } }[BaseSlot]
  // biome-ignore lint/suspicious/noExplicitAny: a rule's halves and state are its own; the driver only keeps them.
  | { readonly slot: 'pair'; readonly pair: PairJudgement<any, any> };

/** A half: the key it pairs under, and its summary. */
export interface HalfOf<H> {
  readonly key: string;
  readonly half: H;
}

/** How a rule judges a pair (or a sequence) of exchanges: pairs.ts folds it. */
export interface PairJudgement<H, S> {
  /** The halves exchanges give the rule, by the slot whose evidence shows them. */
  readonly halves: { readonly [K in BaseSlot]?: (e: SlotEvidence[K]) => HalfOf<H> | undefined };
  /** A half folded into the state of its key: the state after it, and the verdict on the half's exchange. */
  step(state: S | undefined, half: H): { readonly state: S | undefined; readonly verdict?: Verdict };
  /** Halves kept for the merge (the latest ones); default 256. */
  readonly keep?: number;
  /** What a state holds in bytes (its texts), for the fold's bound (its key counted too); none where states and keys are small. */
  readonly bytes?: (state: S) => number;
}
