/**
 * @module XML 1.0 escaping of anything a target sent: characters XML cannot carry, and DEL and C1
 * controls (legal, but they would drive a terminal), become `\xNN`; lone surrogates and U+FFFE/U+FFFF
 * become U+FFFD. @see https://www.w3.org/TR/xml/#charsets
 */

// XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
const NOT_XML_CHAR =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Replaces every character XML 1.0 forbids, and the control characters it merely discourages. */
function xmlChars(text: string): string {
  return text.replace(NOT_XML_CHAR, (ch) => {
    const code = ch.charCodeAt(0);
    return code <= 0x9f ? `\\x${code.toString(16).padStart(2, '0')}` : '\uFFFD';
  });
}

/** Escapes character data (element content). `\r` is kept as a reference so parsers do not fold it. */
export function xmlText(text: string): string {
  return xmlChars(text).replace(/[&<>\r]/g, (ch) =>
    ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : '&#13;',
  );
}

const ATTR: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

/** Escapes an attribute value (for double quotes); whitespace is kept as references, not normalised away. */
export function xmlAttr(text: string): string {
  return xmlChars(text).replace(/[&<>"'\n\r\t]/g, (ch) => ATTR[ch] ?? ch);
}
