/** Every reporter's output on the fixed result set, pinned by file snapshots (`vitest -u` to update). */
import { expect, test } from 'vitest';
import { renderConsole } from '../../reporters/console.js';
import { renderHtml } from '../../reporters/html.js';
import { renderJson } from '../../reporters/json.js';
import { renderJunit } from '../../reporters/junit.js';
import { renderMarkdown } from '../../reporters/markdown.js';
import { singleTargetRun, twoTargetRun } from '../fixtures-results/reports.js';

test('JUnit XML, one target', async () => {
  await expect(renderJunit(singleTargetRun(), { hostname: 'ci-runner' })).toMatchFileSnapshot(
    './__snapshots__/one-target.junit.xml',
  );
});

test('JUnit XML, two targets', async () => {
  await expect(renderJunit(twoTargetRun(), { hostname: 'ci-runner' })).toMatchFileSnapshot(
    './__snapshots__/two-targets.junit.xml',
  );
});

test('JSON, two targets', async () => {
  await expect(renderJson(twoTargetRun())).toMatchFileSnapshot('./__snapshots__/two-targets.json');
});

test('console, one target, plain', async () => {
  await expect(renderConsole(singleTargetRun(), { color: false })).toMatchFileSnapshot(
    './__snapshots__/one-target.console.txt',
  );
});

test('console, two targets, plain', async () => {
  await expect(renderConsole(twoTargetRun(), { color: false })).toMatchFileSnapshot(
    './__snapshots__/two-targets.console.txt',
  );
});

test('console, two targets, colour', async () => {
  await expect(renderConsole(twoTargetRun(), { color: true })).toMatchFileSnapshot(
    './__snapshots__/two-targets.console.ansi',
  );
});

test('Markdown, two targets', async () => {
  await expect(renderMarkdown(twoTargetRun())).toMatchFileSnapshot('./__snapshots__/two-targets.md');
});

test('HTML, two targets', async () => {
  await expect(renderHtml(twoTargetRun())).toMatchFileSnapshot('./__snapshots__/two-targets.html');
});
