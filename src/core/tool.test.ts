import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { packageRoot } from './package-root.js';
import { TOOL } from './tool.js';

test('the version every report states is the package version (merge compares it)', () => {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  expect(TOOL).toEqual({ name: pkg.name, version: pkg.version });
});
