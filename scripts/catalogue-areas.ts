/** @module The areas of the catalogue as suites/index.ts lists them: each folder, its index's export, its checks. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckDefinition } from '../src/core/check.js';
import { packageRoot } from '../src/core/package-root.js';

interface CatalogueArea {
  readonly folder: string;
  /** The name its `index.ts` exports the area's checks under (`errorChecks`). */
  readonly exportName: string;
  readonly checks: readonly CheckDefinition[];
}

const AREA_IMPORT = /import\s*\{\s*(\w+)\s*\}\s*from\s*'\.\/([a-z0-9-]+)\/index\.js'/g;

/** The folder and export of each area suites/index.ts imports, in its order (read from its source). */
function areaImports(root = packageRoot()): { folder: string; exportName: string }[] {
  const source = readFileSync(join(root, 'suites', 'index.ts'), 'utf8');
  return [...source.matchAll(AREA_IMPORT)].map((m) => ({ exportName: m[1]!, folder: m[2]! }));
}

/** Run from source (vitest) the area indexes are `.ts`, from dist/ `.js`. */
const EXT = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

export async function catalogueAreas(root = packageRoot()): Promise<CatalogueArea[]> {
  return Promise.all(
    areaImports(root).map(async ({ folder, exportName }) => {
      const mod = (await import(new URL(`../suites/${folder}/index.${EXT}`, import.meta.url).href)) as Record<
        string,
        unknown
      >;
      const checks = mod[exportName];
      if (!Array.isArray(checks)) throw new Error(`suites/${folder}/index.ts exports no ${exportName}`);
      return { folder, exportName, checks: checks as CheckDefinition[] };
    }),
  );
}
