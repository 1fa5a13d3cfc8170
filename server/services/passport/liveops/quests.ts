import { randomUUID } from 'node:crypto';
import questSchema from '../../../../schemas/passport/liveops/quest.json' with { type: 'json' };
import type { Ctx } from '../../../context';
import { notFound } from '../../../engine/errors';
import type { Data } from '../../../engine/store';
import { storedFields } from '../../../engine/write';
import { liveopsAudit, passportModel, refused, type Reward } from './common';

export type ItemStatus = 'published' | 'unpublished';

export interface QuestItem {
  id: string;
  name: string;
  description?: string;
  target: number;
  rewards?: Reward[];
  status: ItemStatus;
}

/** An item's fields as a call gives them, with the id of the item they replace (else a new one). */
export type ItemInput = Omit<QuestItem, 'status' | 'id'> & { id?: string };

/** A change of a quest's items, which refuses what is not allowed. */
export type ItemChange = (items: QuestItem[]) => QuestItem[];

/** How many items a quest holds at most. */
const MAX_ITEMS = questSchema.properties.items.maxItems;

/** A quest's status follows its items: none published, some published, all published (spec 002 §4). */
export function questStatusOf(items: QuestItem[]): string {
  const published = items.filter((i) => i.status === 'published').length;
  if (published === 0) return 'questPending';
  return published === items.length ? 'questPublished' : 'questPartialPublished';
}

export const itemsOf = (quest: Data): QuestItem[] => (quest.items as QuestItem[] | undefined) ?? [];

/**
 * Changes a quest's items through `change` (which refuses what is not allowed) and sets the quest's status from
 * them, in one write that carries the version read: a concurrent change is refused (409), never lost.
 */
export async function changeItems(ctx: Ctx, appId: string, actor: string, before: Data, action: string, change: ItemChange) {
  const m = passportModel(ctx, 'quests');
  const id = String(before.id);
  const items = change(itemsOf(before));
  const after = await ctx.store.update(m, appId, id, {
    data: { ...storedFields(m, before), items },
    status: questStatusOf(items),
    version: before.version as number,
  });
  await liveopsAudit(ctx.db, actor, appId, `quests.${action}`, id, before, after);
  return after;
}

/** The item of a quest with this id, or 404. */
function itemNamed(items: QuestItem[], itemId: string): QuestItem {
  const item = items.find((i) => i.id === itemId);
  if (!item) throw notFound('the quest has no such item');
  return item;
}

/** Adds an item (unpublished) or replaces the named one's fields, keeping its status. */
export function upsertItem(input: ItemInput): ItemChange {
  return (items) => {
    if (input.id === undefined) {
      if (items.length >= MAX_ITEMS) throw refused('the quest has as many items as it can hold');
      return [...items, { ...input, id: randomUUID(), status: 'unpublished' }];
    }
    const { id, status } = itemNamed(items, input.id);
    return items.map((item) => (item.id === id ? { ...input, id, status } : item));
  };
}

/** Publishes or revokes one item; from the state it is already in, refused. */
export function setItemStatus(itemId: string, status: ItemStatus): ItemChange {
  return (items) => {
    if (itemNamed(items, itemId).status === status) throw refused('action not allowed from the current state');
    return items.map((i) => (i.id === itemId ? { ...i, status } : i));
  };
}

/** Publishes every item (from questPending or questPartialPublished) or revokes every one (from any published state). */
export function setAllItems(status: ItemStatus): ItemChange {
  return (items) => {
    const current = questStatusOf(items);
    if (status === 'published' && items.length === 0) throw refused('the quest has no items to publish');
    if ((status === 'published' && current === 'questPublished') || (status === 'unpublished' && current === 'questPending')) {
      throw refused('action not allowed from the current state');
    }
    return items.map((i) => ({ ...i, status }));
  };
}

/** Removes an item that is not published (revoke it first: players may be working on it). */
export function removeItem(itemId: string): ItemChange {
  return (items) => {
    if (itemNamed(items, itemId).status === 'published') throw refused('revoke the item before deleting it');
    return items.filter((i) => i.id !== itemId);
  };
}
