/** The app's test sessions as the spec's `GET <base>/{appId}/sessions` lists them: newest first, without logs. */
import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { deviceModels } from './models';

/** A session as lists answer it: everything but its log. */
export function withoutLog(session: Data): Data {
  const { log: _log, ...rest } = session;
  return rest;
}

interface Listing {
  count?: number;
  start?: number;
  status?: string;
}

export const sessionListCalls = (ctx: Ctx): CallHandlers => ({
  sessions: async (call) => {
    const { count = 50, start = 0, status } = call.input as Listing;
    const page = await records(ctx.db, deviceModels(ctx).sessions).page(call.scopeId, { where: status ? { status } : {}, orderBy: '-createdAt', limit: count, offset: start });
    return { total: page.total, sessions: page.items.map(withoutLog) };
  },
});
