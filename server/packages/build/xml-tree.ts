/** An XML element as the package builder writes it: a name, attributes in the android namespace, children. */
export interface XmlElement {
  name: string;
  attrs?: Record<string, string | number | boolean>;
  children?: XmlElement[];
}

/** Every string the tree uses, each once, in first-use order. */
export function treeStrings(root: XmlElement): string[] {
  const seen = new Set<string>();
  const walk = (e: XmlElement) => {
    seen.add(e.name);
    for (const [k, v] of Object.entries(e.attrs ?? {})) {
      seen.add(k);
      if (typeof v === 'string') seen.add(v);
    }
    (e.children ?? []).forEach(walk);
  };
  walk(root);
  return [...seen];
}
