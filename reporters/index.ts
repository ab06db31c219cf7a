/** @module The reporters: every output of a run, all computed from `RunReport[]` (never from text). */

// Files a CI tool or a person reads
export { renderJunit } from './junit.js';
export { renderJson } from './json.js';
export { renderConsole } from './console.js';
export { renderMarkdown } from './markdown.js';
export { renderHtml } from './html.js';
// The formats `conformance run` writes, by flag name
// The matrix the console, Markdown and HTML share
// Live progress
