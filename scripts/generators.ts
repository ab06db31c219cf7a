/** @module The list of drift-checked generators (types, OpenAPI document, checks catalogue). */
export interface GeneratedFile {
  readonly path: string;
  readonly content: string;
}
export type Generator = () => Promise<GeneratedFile[]>;

export const GENERATORS: readonly Generator[] = [];
