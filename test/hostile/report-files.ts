/**
 * @module Reading what a CLI run left behind: a JUnit file that must be complete, well-formed XML
 * (no XML dependency: a strict tag-balance reader is enough to catch a truncated or broken file), a
 * JSON report that must parse, and the one-line / no-stack rule for console output.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const BIN = join(process.cwd(), 'bin', 'conformance.js');

/** A JavaScript stack frame, or node's internals showing through. */
export const STACK = /^\s+at\s.+|node:internal|\.(?:js|ts):\d+:\d+\)?$/m;

/** Throws unless `xml` is well-formed: balanced tags, quoted attributes, escaped text. Returns element counts. */
export function readXml(xml: string): Map<string, number> {
  const counts = new Map<string, number>();
  const stack: string[] = [];
  const re = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<[^>]*>/g;
  let last = 0;
  let m: RegExpExecArray | null;
  const text = (t: string) => {
    if (/[<>]/.test(t.replace(/&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, '')))
      throw new Error(`unescaped markup in text: ${t.slice(0, 80)}`);
    if (/&(?!(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(t))
      throw new Error(`bare & in text: ${t.slice(0, 80)}`);
  };
  while ((m = re.exec(xml))) {
    text(xml.slice(last, m.index));
    last = re.lastIndex;
    const tag = m[0];
    if (tag.startsWith('<![CDATA[') || tag.startsWith('<!--') || tag.startsWith('<?')) continue;
    const close = /^<\/([A-Za-z_][\w.-]*)\s*>$/.exec(tag);
    if (close) {
      const open = stack.pop();
      if (open !== close[1]) throw new Error(`</${close[1]}> closes <${open ?? 'nothing'}>`);
      continue;
    }
    const open = /^<([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>$/.exec(tag);
    if (!open) throw new Error(`malformed tag: ${tag.slice(0, 120)}`);
    counts.set(open[1]!, (counts.get(open[1]!) ?? 0) + 1);
    if (open[3] !== '/') stack.push(open[1]!);
  }
  text(xml.slice(last));
  if (stack.length) throw new Error(`unclosed elements: ${stack.join(' > ')}`);
  if (!counts.has('testsuites')) throw new Error('no <testsuites> root');
  return counts;
}

export interface CliRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/** Runs the real binary; kills it (and reports the kill) if it outlives `limitMs`. */
export function runCli(
  args: readonly string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; limitMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: opts.cwd ?? process.cwd(),
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString('utf8')));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
    const kill = setTimeout(() => child.kill('SIGKILL'), opts.limitMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(kill);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - t0 });
    });
  });
}
