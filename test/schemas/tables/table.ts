/** @module One table of the interface's §2 and §4, as the field-coverage test holds it against a schema. */

export interface Table {
  /** Where the table is in the interface. */
  readonly section: string;
  /** Registry name of the schema. */
  readonly schema: string;
  /** Dot-separated property path inside the schema ('' for the top level; arrays are stepped through). */
  readonly path: string;
  readonly fields: readonly string[];
  /** The schema's properties at `path` are exactly the table's (no extra ones). */
  readonly exact?: boolean;
}

export const CHAT_REQUEST = 'chat/chat-completion-request';
export const CHAT_RESPONSE = 'chat/chat-completion-response';
