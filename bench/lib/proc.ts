/** @module Spawning a command with a hard time limit, killed for sure in every path. */
import { spawn, type SpawnOptions } from 'node:child_process';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  stdout: string;
  stderr: string;
}

/** Runs `cmd args` to completion (or kills it after `timeoutMs`), capturing up to 64 KiB of each stream. */
export function runToExit(cmd: string, args: string[], timeoutMs: number, options: SpawnOptions = {}): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => {
      if (stdout.length < 65536) stdout += c.toString('utf8');
    });
    child.stderr!.on('data', (c: Buffer) => {
      if (stderr.length < 65536) stderr += c.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, ms: performance.now() - started, stdout, stderr });
    });
  });
}
