/**
 * A small strict XML reader for the tests: elements, attributes, text and the XML declaration (what an OFD package
 * holds). Throws on anything malformed: unbalanced or crossed tags, unquoted or repeated attributes, stray `<` or
 * `&`, text outside the root.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(s: string): string {
  if (/<|&(?!(amp|lt|gt|quot|apos);)/.test(s)) throw new Error(`unescaped character in ${JSON.stringify(s.slice(0, 40))}`);
  return s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]);
}

export function parseXml(source: string): XmlElement {
  const body = source.replace(/^\uFEFF?<\?xml[^?]*\?>\s*/, '');
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  while (i < body.length) {
    const lt = body.indexOf('<', i);
    const text = body.slice(i, lt < 0 ? body.length : lt);
    if (text.trim()) {
      if (!stack.length) throw new Error('text outside the root element');
      stack[stack.length - 1].text += decode(text);
    }
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(body);
    if (!m) throw new Error(`malformed tag at ${lt}: ${body.slice(lt, lt + 40)}`);
    const [whole, closing, name, attrText, selfClosing] = m;
    i = lt + whole.length;
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes ${open?.name ?? 'nothing'}`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of attrText.matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      if (a[1] in attrs) throw new Error(`attribute ${a[1]} repeated`);
      attrs[a[1]] = decode(a[2] ?? a[3]);
    }
    const el: XmlElement = { name, attrs, children: [], text: '' };
    if (stack.length) stack[stack.length - 1].children.push(el);
    else if (root) throw new Error('a second root element');
    else root = el;
    if (!selfClosing) stack.push(el);
  }
  if (stack.length || !root) throw new Error('unclosed elements');
  return root;
}

/** Every element under `el` (itself included) with this name, depth first. */
export function findAll(el: XmlElement, name: string): XmlElement[] {
  return [...(el.name === name ? [el] : []), ...el.children.flatMap((c) => findAll(c, name))];
}

export const child = (el: XmlElement, name: string) => el.children.find((c) => c.name === name);
