/**
 * @module The data a negative case carries: which single constraint of a valid value was broken,
 * where, and whether a real server may accept the result by design.
 */

/**
 * Which constraint a mutation breaks.
 * - `type`: a scalar of the wrong JSON type (or `null`) where another type belongs.
 * - `enum`: a value outside a documented set (`enum`/`const`).
 * - `range`: a number, length or item count outside documented bounds.
 * - `required`: a required property removed.
 * - `format`: a string that breaks its `format` (uuid, date-time, uri, email).
 * - `structure`: the wrong shape where an object or array belongs, or a property where none may be.
 */
export type MutationKind = 'type' | 'enum' | 'range' | 'required' | 'format' | 'structure';

/**
 * `reject`: no reading of the interface can accept the value; a 2xx is a finding.
 * `lenient`: real servers accept it by design (pydantic's lax coercion, vLLM's `str | list[str]`);
 * acceptance is reported as INFO only.
 */
export type Strictness = 'reject' | 'lenient';

/** One broken constraint. */
export interface Mutation {
  readonly kind: MutationKind;
  /** RFC 6901 JSON pointer to the broken place (for `required`, where the missing property belongs). */
  readonly pointer: string;
  /** One readable sentence saying what was done and which rule it breaks. */
  readonly description: string;
  readonly strictness: Strictness;
  /** The spec section the broken rule rests on (`x-spec-section` of the schema), when known. */
  readonly section?: string;
}

/** A value that breaks exactly one constraint of an otherwise valid value. */
export interface NegativeCase {
  readonly value: unknown;
  readonly mutation: Mutation;
}
