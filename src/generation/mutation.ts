/** @module The data a negative case carries: which single constraint was broken, where, and how strictly. */

/** Which constraint a mutation breaks (`structure`: the wrong shape, or a property where none may be). */
export type MutationKind = 'type' | 'enum' | 'range' | 'required' | 'format' | 'structure';

/** `reject`: a 2xx is a finding. `lenient`: real servers accept it by design; acceptance is INFO only. */
export type Strictness = 'reject' | 'lenient';

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
