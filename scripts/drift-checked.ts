/** @module The drift-checked generators, in the order `npm run generate` runs them. */
import { generateCheckIndex } from './generate-check-index.js';
import { generateChecksDoc } from './generate-checks-doc.js';
import { generateCliReference } from './generate-cli-reference.js';
import { configSchemaGenerator } from './generate-config-schema.js';
import { generateProxyRulesDoc } from './generate-proxy-rules-doc.js';
import { openApiGenerator } from './generate-openapi.js';
import { typesGenerator } from './generate-types.js';
import type { Generator } from './generators.js';

export const GENERATORS: readonly Generator[] = [
  // First: the types generator reads the schema it writes.
  configSchemaGenerator,
  typesGenerator,
  openApiGenerator,
  generateChecksDoc,
  generateCheckIndex,
  generateProxyRulesDoc,
  generateCliReference,
];
