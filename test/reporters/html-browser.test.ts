/**
 * The HTML report opened in a real headless browser: it loads offline under its own CSP, every
 * finding is a collapsible <details> (on a failing run the failures open), and a screenshot is produced. Skipped, saying why, when no
 * Chromium is installed (set CHROMIUM_PATH to point at one).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { renderHtml } from '../../reporters/html.js';
import { twoTargetRun } from '../fixtures-results/reports.js';

const run = promisify(execFile);
// CHROMIUM_PATH, when set, is the only candidate (so a run can also force the skip).
const CANDIDATES = process.env.CHROMIUM_PATH
  ? [process.env.CHROMIUM_PATH]
  : ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
const browser = CANDIDATES.find((p) => existsSync(p));
const NO_BROWSER = `no Chromium found (looked for ${CANDIDATES.join(', ')}); install one (apt-get install chromium) or set CHROMIUM_PATH`;
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--hide-scrollbars',
  '--no-first-run',
  '--window-size=1280,1600',
];

const dir = mkdtempSync(join(tmpdir(), 'conformance-html-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function reportFile(): string {
  const file = join(dir, 'report.html');
  writeFileSync(file, renderHtml(twoTargetRun()));
  return file;
}

test('the HTML report renders in headless Chromium: DOM intact, findings collapsible', async (ctx) => {
  if (!browser) return ctx.skip(NO_BROWSER);
  const { stdout } = await run(browser, [...FLAGS, '--dump-dom', `file://${reportFile()}`], {
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  expect(stdout).toContain('<h1>Conformance report</h1>');
  // 6 findings across both targets, the skipped list and the items not exercised (two groups by
  // operation and cause): all parsed as <details>. Its 3 MUST failures and errors are open, the
  // SHOULD one and the rest collapsed.
  expect(stdout.match(/<details/g)?.length).toBe(9);
  const open = stdout.match(/<details[^>]* open[^>]*>/g) ?? [];
  expect(open).toHaveLength(3);
  for (const d of open) expect(d).toMatch(/class="(fail|error)"/);
  // The target's markup arrived as text, never as elements.
  expect(stdout).not.toMatch(/<script|<b>bold/);
  expect(stdout).toContain('&lt;script&gt;alert("x")&lt;/script&gt;');
}, 90_000);

test('the HTML report screenshots in headless Chromium', async (ctx) => {
  if (!browser) return ctx.skip(NO_BROWSER);
  const shot = join(dir, 'report.png');
  await run(browser, [...FLAGS, `--screenshot=${shot}`, `file://${reportFile()}`], { timeout: 60_000 });
  const png = readFileSync(shot);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.length).toBeGreaterThan(20_000);
}, 90_000);
