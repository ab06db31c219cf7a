/**
 * @module Control characters made visible: evidence from the target printed raw could drive a
 * terminal or corrupt a file. Lone surrogates cannot be written as UTF-8, so they become U+FFFD.
 */

// C0 except tab and newline, DEL, and C1 (CSI is \x9b).
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Replaces control characters by a visible `\xNN`, and lone surrogates by U+FFFD. */
export function showControls(text: string): string {
  return text
    .replace(CONTROL, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(LONE_SURROGATE, '\uFFFD');
}
