/**
 * @module A strict little XML parser for the JUnit tests: elements, attributes, text, the five
 * predefined entities and character references. It throws on anything not well-formed that our
 * renderer could plausibly produce (bad nesting, raw `<` or `&`, duplicate attributes, characters
 * outside XML 1.0 `Char`), which is what the tests need without an XML dependency.
 */

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** Concatenated character data directly inside this element, entities decoded. */
  readonly text: string;
}

const NAME = /^[A-Za-z_][\w.-]*/;
// XML 1.0 Char, by code point.
const isXmlChar = (cp: number): boolean =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  (cp >= 0x10000 && cp <= 0x10ffff);

/** Parses a document and returns its root element. */
export function parseXml(source: string): XmlElement {
  for (let i = 0; i < source.length; ) {
    const cp = source.codePointAt(i) ?? 0;
    if (!isXmlChar(cp) || (cp >= 0xd800 && cp <= 0xdfff))
      throw new Error(`character U+${cp.toString(16).toUpperCase()} at ${i} is not allowed in XML 1.0`);
    i += cp > 0xffff ? 2 : 1;
  }
  let pos = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at offset ${pos}: ${JSON.stringify(source.slice(pos, pos + 40))}`);
  };
  const skipSpace = (): void => {
    while (pos < source.length && /\s/.test(source[pos] ?? '')) pos++;
  };
  const decode = (raw: string): string => {
    if (/<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(raw)) fail('raw < or unescaped &');
    return raw.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_m, ref: string) => {
      const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
      if (named[ref]) return named[ref];
      const cp = ref.startsWith('#x') ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!isXmlChar(cp)) fail(`character reference &${ref}; is not an XML 1.0 Char`);
      return String.fromCodePoint(cp);
    });
  };

  if (source.startsWith('<?xml')) {
    const end = source.indexOf('?>');
    if (end < 0) fail('unterminated XML declaration');
    pos = end + 2;
  }
  skipSpace();

  const element = (): XmlElement => {
    if (source[pos] !== '<') fail('expected <');
    pos++;
    const name = NAME.exec(source.slice(pos))?.[0] ?? fail('expected an element name');
    pos += name.length;
    const attributes: Record<string, string> = {};
    for (;;) {
      const before = pos;
      skipSpace();
      if (source.startsWith('/>', pos)) {
        pos += 2;
        return { name, attributes, children: [], text: '' };
      }
      if (source[pos] === '>') {
        pos++;
        break;
      }
      if (pos === before) fail('expected whitespace before an attribute');
      const attr = NAME.exec(source.slice(pos))?.[0] ?? fail('expected an attribute name');
      pos += attr.length;
      if (source[pos] !== '=' || source[pos + 1] !== '"') fail('expected ="');
      pos += 2;
      const end = source.indexOf('"', pos);
      if (end < 0) fail('unterminated attribute');
      if (attr in attributes) fail(`duplicate attribute ${attr}`);
      attributes[attr] = decode(source.slice(pos, end));
      pos = end + 1;
    }
    const children: XmlElement[] = [];
    let text = '';
    for (;;) {
      const next = source.indexOf('<', pos);
      if (next < 0) fail(`unclosed <${name}>`);
      text += decode(source.slice(pos, next));
      pos = next;
      if (source.startsWith('</', pos)) {
        pos += 2;
        if (!source.startsWith(name, pos)) fail(`mismatched closing tag, expected </${name}>`);
        pos += name.length;
        skipSpace();
        if (source[pos] !== '>') fail('expected >');
        pos++;
        return { name, attributes, children, text };
      }
      if (source.startsWith('<!--', pos) || source.startsWith('<![CDATA[', pos) || source.startsWith('<?', pos))
        fail('unexpected markup');
      children.push(element());
    }
  };
  const root = element();
  skipSpace();
  if (pos !== source.length) fail('content after the root element');
  return root;
}
