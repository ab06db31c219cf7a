/** @module The script contract (`POST /__mock/scripts`, `mock.addScript`); mock/README.md documents every key. */

/** Which requests a script answers: every key is optional, and every key given must hold. */
export interface ScriptMatch {
  /** The HTTP method, e.g. `POST` (case-insensitive). */
  method?: string;
  /** The exact path, without the query string, e.g. `/v1/chat/completions`. */
  path?: string;
  /** A regular expression (JavaScript syntax) the path must match somewhere. */
  path_regex?: string;
  /** A subset of the JSON body: objects match when every key given matches; arrays and scalars are compared in full. */
  body?: unknown;
  /** A substring of the content of the last `user` message of a chat request. */
  last_user_message?: string;
  /** A regular expression the last user message's content must match. */
  last_user_message_regex?: string;
  /** Header name (case-insensitive) → exact value. */
  headers?: Record<string, string>;
}

/** Timing and a fault any reply may add. */
export interface ReplyTiming {
  /** Wait before the answer's headers, in ms. */
  delay_ms?: number;
  /** Streams: the first event this long after the headers, in ms. */
  ttft_ms?: number;
  /** Streams: each later event this long after the one before, in ms. */
  itl_ms?: number;
  /** The headers and this many events are sent, then the connection is dropped. */
  cut_after_events?: number;
}

/** An answer given as it is: status, headers, body (a string as text, anything else as JSON). */
export interface RawReply extends ReplyTiming {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** One tool call of a chat answer, as in §4.1's response; `arguments` may be given as an object. */
export interface ScriptToolCall {
  id?: string;
  type?: 'function';
  function: { name: string; arguments?: string | Record<string, unknown> };
}

/** A §4.1 answer the mock renders as a completion or a stream, in the mode the request asked for. */
export interface ChatReply extends ReplyTiming {
  content?: string | null;
  tool_calls?: ScriptToolCall[];
  refusal?: string | null;
  finish_reason?: string;
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
}

/** A raw answer, a chat answer, or timing alone (the mock's own answer, with that timing or fault). */
export type Reply = RawReply | ChatReply;

/** A scripted answer: `reply`, or `replies` answering the 1st, 2nd, … matching request, the last one repeating. */
export interface Script {
  match?: ScriptMatch;
  reply?: Reply;
  replies?: Reply[];
  /** Retires the script after this many uses. */
  times?: number;
}

/** What the mock reads of a reply once validated: which kind it is. */
export type ResolvedReply =
  | { kind: 'raw'; reply: RawReply }
  | { kind: 'chat'; reply: ChatReply }
  | { kind: 'timing'; reply: ReplyTiming };

/** A script as stored: its id, the definition as given, how often it was used. */
export interface ScriptState {
  readonly id: string;
  readonly script: Script;
  readonly used: number;
}
