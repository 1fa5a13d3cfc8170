import { HISTORY_LIMIT } from '../../../resources/ai';
import type { DocLanguage } from '../../../resources/docs-search';
import type { Ctx } from '../../context';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import type { Source } from './answer';

/** A question and its answer, as the conversation keeps them. */
export interface Entry {
  question: string;
  answer: string;
  lang: DocLanguage;
  sources: Source[];
  generated: boolean;
  note?: string;
}

/**
 * One account's conversation with the assistant: the `ai/conversation` records of the account's scope. Every call
 * is given the caller's account as the scope, so no account reads or clears another's.
 */
export function conversation(ctx: Ctx) {
  const store = () => records(ctx.db, ctx.models.get('ai/conversation')!);
  return {
    /** Keeps an entry, dropping the oldest past `HISTORY_LIMIT`; answers it as stored. */
    async add(account: string, entry: Entry): Promise<Data> {
      const stored = await store().insert(account, { ...entry });
      const over = (await store().count(account)) - HISTORY_LIMIT;
      if (over > 0) {
        const oldest = await store().find(account, { orderBy: ['createdAt', 'id'], limit: over });
        await store().remove(account, { id: { $in: oldest.map((r) => String(r.id)) } });
      }
      return stored;
    },
    /** The latest `limit` entries, oldest first, and how many are kept. */
    async load(account: string, limit: number): Promise<{ total: number; items: Data[] }> {
      const page = await store().page(account, { orderBy: ['-createdAt', '-id'], limit });
      return { total: page.total, items: page.items.reverse() };
    },
    /** Deletes them all; answers how many there were. */
    async clear(account: string): Promise<number> {
      return (await store().remove(account, {})).length;
    },
  };
}
