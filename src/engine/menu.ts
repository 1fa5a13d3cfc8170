import type { MenuEntry, Text } from '../../resources/types';

/** A service's menu as the build writes it (src/engine/service-menus.ts): what the console's menu is drawn from. */
export interface ServiceMenu {
  name: string;
  icon: string;
  displayName: Text;
  /** Its declared menu's entries whose routes open a screen, in order. */
  entries: MenuEntry[];
}

/** A service's menu as shown: entries in order, each group of entries in one node where its first entry was. */
export type MenuNode = { kind: 'entry'; entry: MenuEntry } | { kind: 'group'; key: string; label: Text; entries: MenuEntry[] };

/** A group's key: its English name, the same in both languages. */
export const groupKey = (serviceName: string, group: Text): string => `group:${serviceName}:${group.en}`;

export function menuTree(serviceName: string, entries: MenuEntry[]): MenuNode[] {
  const nodes: MenuNode[] = [];
  const groups = new Map<string, Extract<MenuNode, { kind: 'group' }>>();
  for (const entry of entries) {
    if (!entry.group) {
      nodes.push({ kind: 'entry', entry });
      continue;
    }
    const key = groupKey(serviceName, entry.group);
    let node = groups.get(key);
    if (!node) {
      node = { kind: 'group', key, label: entry.group, entries: [] };
      groups.set(key, node);
      nodes.push(node);
    }
    node.entries.push(entry);
  }
  return nodes;
}
