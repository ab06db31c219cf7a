/**
 * @module Reads a V8 `.cpuprofile` and splits its time (self time of every sample) into categories:
 * generating (fast-check, faker, src/generation), validating (ajv, its compiled validators, the
 * schema registry), the mock (anything under a mock frame: the in-process server's own work),
 * HTTP (undici, node internals, src/transport), the checks and runner, garbage collection, and
 * idle (the event loop waiting: on the network, on timers). Native frames called from a category's
 * code (e.g. JSON.parse) count where they are sampled, as `other` unless under the mock.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

type Category = 'generate' | 'validate' | 'mock' | 'http' | 'checks' | 'gc' | 'idle' | 'other';

function categorize(functionName: string, url: string): Category {
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'gc';
  if (
    url.includes('/node_modules/fast-check/') ||
    url.includes('/@faker-js/') ||
    url.includes('/dist/src/generation/') ||
    url.includes('/pure-rand/')
  )
    return 'generate';
  if (
    url.includes('/node_modules/ajv') ||
    url.includes('/fast-uri/') ||
    url.includes('/fast-deep-equal/') ||
    url.includes('/dist/src/schemas/') ||
    url.includes('/dist/src/kit/describe') ||
    (url === '' && /^validate\d*$/.test(functionName))
  )
    return 'validate';
  if (url.includes('/dist/mock/')) return 'mock';
  if (url.includes('/node_modules/undici/') || url.startsWith('node:') || url.includes('/dist/src/transport/'))
    return 'http';
  if (url.includes('/dist/suites/') || url.includes('/dist/src/')) return 'checks';
  return 'other';
}

export interface ProfileSplit {
  wallMs: number;
  ms: Record<Category, number>;
  /** Top self-time functions (for spotting hot spots). */
  top: { name: string; url: string; ms: number; category: Category }[];
}

export function splitProfile(file: string, topN = 15): ProfileSplit {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++)
    self.set(p.samples[i]!, (self.get(p.samples[i]!) ?? 0) + (p.timeDeltas[i] ?? 0));
  // Work done on behalf of the mock (its faker records, its ajv validation, its JSON) is the
  // server's time: every frame below a mock frame counts as `mock`. Iterative walk (deep trees).
  const underMock = new Set<number>();
  const root = p.nodes[0];
  const stack: [number, boolean][] = root ? [[root.id, false]] : [];
  while (stack.length) {
    const [id, inherited] = stack.pop()!;
    const n = byId.get(id);
    if (!n) continue;
    const mine = inherited || n.callFrame.url.includes('/dist/mock/');
    if (mine) underMock.add(id);
    for (const c of n.children ?? []) stack.push([c, mine]);
  }
  const ms: Record<Category, number> = {
    generate: 0,
    validate: 0,
    mock: 0,
    http: 0,
    checks: 0,
    gc: 0,
    idle: 0,
    other: 0,
  };
  const fns = new Map<string, { name: string; url: string; ms: number; category: Category }>();
  for (const [id, us] of self) {
    const n = byId.get(id);
    if (!n) continue;
    const { functionName, url } = n.callFrame;
    const cat = underMock.has(id) ? 'mock' : categorize(functionName, url);
    ms[cat] += us / 1000;
    const key = `${functionName}@${url}`;
    const f = fns.get(key) ?? { name: functionName || '(anonymous)', url, ms: 0, category: cat };
    f.ms += us / 1000;
    fns.set(key, f);
  }
  const top = [...fns.values()]
    .filter((f) => f.category !== 'idle')
    .sort((a, b) => b.ms - a.ms)
    .slice(0, topN);
  return { wallMs: (p.endTime - p.startTime) / 1000, ms, top };
}
