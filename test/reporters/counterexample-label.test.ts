/**
 * A counterexample's fast-check replay path (`3:1:0`) is never printed bare: every reporter that
 * prints it says what it is and that the replay line, with the run's seed, reproduces the case.
 */
import { expect, test } from 'vitest';
import { renderHtml } from '../../reporters/html.js';
import { renderJunit } from '../../reporters/junit.js';
import { renderMarkdown } from '../../reporters/markdown.js';
import { renderConsole } from '../../reporters/console.js';
import { singleTargetRun } from '../fixtures-results/reports.js';

const RENDERERS = {
  html: renderHtml,
  junit: (r: Parameters<typeof renderJunit>[0]) => renderJunit(r, { hostname: 'ci' }),
  markdown: renderMarkdown,
  console: (r: Parameters<typeof renderConsole>[0]) => renderConsole(r, { color: false }),
};

test.each(Object.keys(RENDERERS))('%s: the path, if printed, is labelled and explained', (name) => {
  const text = RENDERERS[name as keyof typeof RENDERERS](singleTargetRun());
  const bare = [...text.matchAll(/3:1:0/g)];
  for (const m of bare) {
    const around = text.slice(Math.max(0, m.index - 60), m.index + 160);
    expect(around).toMatch(/fast-check replay path/i);
    expect(around).toContain('--seed 424242');
    expect(around).toContain('reproduces this shrunk case');
  }
  // The files a CI keeps print it; the console leaves it to them.
  if (name !== 'console') expect(bare.length, name).toBeGreaterThan(0);
});
