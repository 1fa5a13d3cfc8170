import type { DemoRun, DemoSteps } from '../../../engine/demo-seed';
import type { Data } from '../../../engine/store';
import { tablePage } from '../../../engine/table-page';
import { findRecord } from './common';
import type { QuestItem } from './quests';

/**
 * The values the live-ops area's demo data (`resources/passport/demo-liveops.ts`) computes for the calls it makes
 * (which run the calls' own behaviour): ids the area's records and tables hold.
 */
export const liveopsDemoSteps: DemoSteps = {
  /** The id of a quest's n-th item. */
  questItem: async ({ ctx, appId }: DemoRun, { quest, item }: Data) =>
    String(((await findRecord(ctx, 'quests', appId, String(quest))).items as QuestItem[])[Number(item)].id),
  /** A persona's copy of a message sent to many. */
  inboxCopy: async ({ ctx, appId }: DemoRun, { message, persona }: Data) => {
    const where = { record_id: String(message), persona_id: String(persona) };
    return (await tablePage(ctx.db, { table: 'passport_inbox_messages', appId, where, orderBy: 'id', count: 1, start: 0 })).rows[0].id;
  },
};
