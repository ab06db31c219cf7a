/**
 * @module Which CPUs a process may run on (Linux, with util-linux's `taskset`): a scenario can give
 * the process it measures a core of its own, as it would have in deployment, apart from the server
 * it fronts and the load generator. Every call fails soft: where `taskset` is missing or refused,
 * it says so and the scenario reports the figure as not measured.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** The CPU list a process may run on now (`0,1`, `0-3`), or undefined where it cannot be read. */
function affinityOf(pid: number): string | undefined {
  try {
    const out = execFileSync('taskset', ['-p', '-c', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return /:\s*(\S+)\s*$/.exec(out)?.[1];
  } catch {
    return undefined;
  }
}

/** Pins every thread of `pid` to `cpus` (a taskset list); false where that could not be done. */
function pin(pid: number, cpus: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The CPUs of a taskset list (`0,1`, `0-3`, `2,5-7`), in order. */
function expand(list: string): number[] {
  return list.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number);
    if (from === undefined || Number.isNaN(from)) return [];
    if (to === undefined) return [from];
    return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  });
}

/**
 * Two CPUs this process may run on, to split the processes of a measurement between (as taskset
 * lists), or why that cannot be done here.
 */
export function twoCpus(): { first: string; second: string } | { reason: string } {
  if (process.platform !== 'linux') return { reason: `not Linux (${process.platform})` };
  if (availableParallelism() < 2) return { reason: 'a single CPU' };
  const mine = affinityOf(process.pid);
  if (mine === undefined) return { reason: 'taskset (util-linux) is not available' };
  const cpus = expand(mine);
  if (cpus.length < 2) return { reason: `this process may run on CPU ${mine} only` };
  return { first: String(cpus[0]), second: String(cpus[1]) };
}

/**
 * Runs `measure` with each process pinned as `placement` says (pid → CPU list), then gives every
 * one its CPUs back, whatever `measure` did.
 */
export async function pinnedDuring<T>(placement: ReadonlyMap<number, string>, measure: () => Promise<T>): Promise<T> {
  const before = new Map<number, string>();
  try {
    for (const [pid, cpus] of placement) {
      const was = affinityOf(pid);
      if (was === undefined || !pin(pid, cpus)) throw new Error(`could not pin process ${pid} to CPU ${cpus}`);
      before.set(pid, was);
    }
    return await measure();
  } finally {
    for (const [pid, cpus] of before) pin(pid, cpus);
  }
}
