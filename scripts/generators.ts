/** @module The list of drift-checked generators (types, OpenAPI document, checks catalogue, the proxy rules in docs/ and the README). */
import { generateChecksDoc } from './generate-checks-doc.js';
import { generateProxyRulesDoc } from './generate-proxy-rules-doc.js';
import { openApiGenerator } from './generate-openapi.js';
import { typesGenerator } from './generate-types.js';

export interface GeneratedFile {
  readonly path: string;
  readonly content: string;
}
export type Generator = () => Promise<GeneratedFile[]>;

export const GENERATORS: readonly Generator[] = [
  typesGenerator,
  openApiGenerator,
  generateChecksDoc,
  generateProxyRulesDoc,
];
