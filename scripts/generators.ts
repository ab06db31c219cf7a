/** @module What a generator of drift-checked files is: a function that returns each file's path and its expected content. */

export interface GeneratedFile {
  readonly path: string;
  readonly content: string;
}
export type Generator = () => Promise<GeneratedFile[]>;

export const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
