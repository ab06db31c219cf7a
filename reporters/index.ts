/** @module The reporters: every output of a run, all computed from `RunReport[]` (never from text). */

export { renderJunit } from './junit.js';
export { renderJson } from './json.js';
export { renderConsole } from './console.js';
export { renderMarkdown } from './markdown.js';
export { renderHtml } from './html.js';
