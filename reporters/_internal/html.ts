/** @module HTML escaping for text and attribute values (everything from a run goes through it). */
import { showControls } from './controls.js';

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text or a double-quoted attribute value; control characters are shown, not embedded. */
export function escapeHtml(text: string): string {
  return showControls(text).replace(/[&<>"']/g, (ch) => HTML[ch] ?? ch);
}
