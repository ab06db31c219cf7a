/**
 * @module What a run leaves behind: report files, the console matrix or the report paths on stdout,
 * and on stderr the verdicts, what failed and (under GitHub Actions) workflow annotations.
 */
import { accessSync, appendFileSync, constants, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConformanceError } from '../../src/core/errors.js';
import type { RunReport } from '../../src/core/report.js';
import { createProgress as createProgressPrinter, type Progress } from '../../reporters/progress.js';
import { renderConsole } from '../../reporters/console.js';
import { renderFailureSummary } from '../../reporters/failure-summary.js';
import { renderGithubAnnotations } from '../../reporters/github-annotations.js';
import { REPORT_FORMATS } from '../../reporters/registry.js';
import type { RunCommand } from './run-options.js';

function useColor(cfg: Pick<RunCommand, 'color'>, stream: { isTTY?: boolean }): boolean {
  return cfg.color !== false && stream.isTTY === true && !process.env.NO_COLOR;
}

export function createProgress(cfg: Pick<RunCommand, 'quiet' | 'color'>): Progress {
  return createProgressPrinter({ quiet: cfg.quiet, color: useColor(cfg, process.stderr) });
}

const DIRECTORY_PART = 'a part of its directory path is a file, not a directory';
/** Errnos in words a person can act on. */
const ERRNO_WORDS: Readonly<Record<string, string>> = {
  EEXIST: DIRECTORY_PART,
  ENOTDIR: DIRECTORY_PART,
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
};

function whyNot(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  return code !== undefined && Object.hasOwn(ERRNO_WORDS, code) ? ERRNO_WORDS[code]! : (code ?? 'error');
}

function write(path: string, content: string): string {
  const full = resolve(path);
  try {
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  } catch (err) {
    throw new ConformanceError('CTS_BAD_FLAG', `cannot write the report ${path}: ${whyNot(err)}`);
  }
  return path;
}

/** Checks, before the run, that every report path can be written (so a typo does not cost a whole run). */
export function checkOutputPaths(cfg: Pick<RunCommand, 'outputs'>): void {
  for (const [flag, path] of Object.entries(cfg.outputs)) {
    if (!path) continue;
    const full = resolve(path);
    try {
      mkdirSync(dirname(full), { recursive: true });
      if (existsSync(full) && statSync(full).isDirectory())
        throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
      accessSync(dirname(full), constants.W_OK);
    } catch (err) {
      throw new ConformanceError('CTS_BAD_FLAG', `--${flag} ${path}: cannot write the report there: ${whyNot(err)}`);
    }
  }
}

/**
 * Whether stderr gets the verdict and failure summary: always, but under `--quiet`, and when the
 * console matrix (which ends with the same verdicts) was printed on a terminal stderr shares.
 */
export function wantsFailureSummary(o: {
  readonly quiet: boolean;
  readonly matrixShown: boolean;
  readonly stdoutTerminal: boolean;
  readonly stderrTerminal: boolean;
}): boolean {
  if (o.quiet) return false;
  return !(o.matrixShown && o.stdoutTerminal && o.stderrTerminal);
}

export async function emitOutputs(
  reports: readonly RunReport[],
  cfg: Pick<RunCommand, 'outputs' | 'quiet' | 'forceConsole' | 'color'>,
): Promise<void> {
  const written: string[] = [];
  const alsoIn: string[] = [];
  for (const format of REPORT_FORMATS) {
    const path = cfg.outputs[format.name];
    const alsoTo = format.appendTo?.(process.env);
    if (!path && !alsoTo) continue;
    const text = await format.render(reports);
    if (path) written.push(write(path, text));
    if (alsoTo) {
      try {
        appendFileSync(alsoTo, text + '\n');
        alsoIn.push(format.appendedAs ?? alsoTo);
      } catch {
        process.stderr.write(`conformance: could not append the ${format.name} report to ${alsoTo}\n`);
      }
    }
  }
  const terminal = process.stdout.isTTY === true;
  const showMatrix = !cfg.quiet && (terminal || cfg.forceConsole || written.length === 0);
  if (showMatrix) process.stdout.write(renderConsole(reports, { color: useColor(cfg, process.stdout) }));
  if (written.length) {
    if (terminal && showMatrix) process.stdout.write(`Reports: ${written.join(', ')}\n`);
    else process.stdout.write(written.map((p) => p + '\n').join(''));
  }
  const stderrTerminal = process.stderr.isTTY === true;
  if (wantsFailureSummary({ quiet: cfg.quiet, matrixShown: showMatrix, stdoutTerminal: terminal, stderrTerminal }))
    process.stderr.write(renderFailureSummary(reports, { written, alsoIn, color: useColor(cfg, process.stderr) }));
  if (!cfg.quiet && process.env.GITHUB_ACTIONS === 'true') process.stderr.write(renderGithubAnnotations(reports));
}
