/**
 * @module Which modules a `conformance` command loads: the binary started with an ES loader hook that
 * lists every module it loads and a CommonJS hook that lists the require cache at exit. A file of the
 * command line's bundle (dist/cli/) stands for the compiled modules it holds (its `modules.json`), so
 * a test can ask whether, say, anything of `dist/suites/` was loaded whether or not the bundle ran.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageRoot } from '../../src/core/package-root.js';

/** What a command loaded: module paths (compiled modules for bundle files), and the bundle files themselves. */
export interface LoadedModules {
  modules: string[];
  bundleFiles: string[];
  code: number | null;
}

/** The hooks' files in `dir`: the ES loader hook appends to esm.txt, the CommonJS one writes cjs.txt at exit. */
function writeHooks(dir: string): { args: string[]; esm: string; cjs: string } {
  const esm = join(dir, 'esm.txt');
  const cjs = join(dir, 'cjs.txt');
  writeFileSync(esm, '');
  writeFileSync(
    join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(esm)}, url + '\\n'); return next(url, context); }\n`,
  );
  writeFileSync(
    join(dir, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`,
  );
  writeFileSync(
    join(dir, 'cjs.cjs'),
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(cjs)}, Object.keys(require.cache).join('\\n')));\n`,
  );
  return {
    args: ['--require', join(dir, 'cjs.cjs'), '--import', pathToFileURL(join(dir, 'register.mjs')).href],
    esm,
    cjs,
  };
}

/** Loaded URLs and paths as file paths, each bundle file replaced by the compiled modules it holds. */
function expand(loaded: string[]): { modules: string[]; bundleFiles: string[] } {
  const root = packageRoot();
  const bundleDir = join(root, 'dist', 'cli');
  const manifest = join(bundleDir, 'modules.json');
  const held: Record<string, string[]> = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')) : {};
  const modules: string[] = [];
  const bundleFiles: string[] = [];
  for (const entry of loaded) {
    const path = entry.startsWith('file:') ? fileURLToPath(entry) : entry;
    const name = path.startsWith(`${bundleDir}/`) ? path.slice(bundleDir.length + 1) : undefined;
    if (name !== undefined && held[name]) {
      bundleFiles.push(name);
      modules.push(...held[name].map((m) => join(root, m)));
    } else modules.push(path);
  }
  return { modules, bundleFiles };
}

/**
 * Starts `conformance <args>` and lists what it loaded, either when it exits or, with `until`, once its
 * standard output contains that text (the command is then killed).
 */
export async function modulesLoadedBy(args: string[], until?: string): Promise<LoadedModules> {
  const dir = mkdtempSync(join(tmpdir(), 'cts-loaded-'));
  const hooks = writeHooks(dir);
  const child = spawn(process.execPath, [...hooks.args, join(packageRoot(), 'bin', 'conformance.js'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (until !== undefined && out.includes(until)) resolve(null);
      });
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      child.once('exit', (exit) =>
        until === undefined
          ? resolve(exit)
          : reject(new Error(`conformance exited (${exit}) before "${until}": ${err}`)),
      );
    });
    const read = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8').split('\n').filter(Boolean) : []);
    return { ...expand([...read(hooks.esm), ...read(hooks.cjs)]), code };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
