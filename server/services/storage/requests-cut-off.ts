/**
 * Requests cut off by a stopped server. A request's work runs in the instance that took the call (`startRequest`),
 * which marks the request as alive every `REQUEST_HEARTBEAT_MS` while it runs; a server stopped gracefully finishes
 * its requests first. One killed, or one whose machine went away, leaves its requests RUNNING with no one working on
 * them: once a request has not been heard of for `REQUEST_SILENT_MS`, any instance's sweep ends it as failed, puts
 * its database back (a create to `failure`, a restart, upgrade or restore to `running`) and fails its backup.
 */
import type { Job } from '../../engine/jobs';
import type { Ctx } from '../../context';
import { backupsOf } from './backups';
import { databasesOf, REQUEST_HEARTBEAT_MS, requestsOf } from './runtime';

export const REQUEST_SILENT_MS = 6 * REQUEST_HEARTBEAT_MS;
export const CUT_OFF_MESSAGE = 'cut off: the server running it stopped before it ended';

/** Ends the requests not heard of since `before` (default: `REQUEST_SILENT_MS` ago); answers how many. */
export async function endCutOffRequests(ctx: Ctx, before = new Date(Date.now() - REQUEST_SILENT_MS)): Promise<number> {
  const silent = await requestsOf(ctx).findEverywhere({ where: { status: 'RUNNING', heartbeatAt: { $lt: before.toISOString() } }, limit: 100 });
  let ended = 0;
  for (const { scopeId, record } of silent) {
    const finishedAt = new Date().toISOString();
    // Conditional on the request still silent: a sweep of another instance at the same moment ends it once.
    const [moved] = await requestsOf(ctx).update(
      scopeId,
      { id: String(record.id), status: 'RUNNING', heartbeatAt: { $lt: before.toISOString() } },
      { status: 'FAILED', set: { message: CUT_OFF_MESSAGE, finishedAt } },
    );
    if (!moved) continue;
    ended += 1;
    const databaseId = String(record.databaseId);
    if (record.kind === 'create') await databasesOf(ctx).update(scopeId, { id: databaseId, status: 'creating' }, { status: 'failure', set: { message: CUT_OFF_MESSAGE } });
    else await databasesOf(ctx).update(scopeId, { id: databaseId, status: 'restarting', requestId: String(record.id) }, { status: 'running' });
    if (record.kind === 'backup') await backupsOf(ctx).update(scopeId, { requestId: String(record.id), status: 'RUNNING' }, { status: 'FAILED', set: { message: CUT_OFF_MESSAGE, finishedAt } });
  }
  return ended;
}

export const cutOffJob = (ctx: Ctx): Job => ({ name: 'storage.requests.cutOff', everyMs: REQUEST_HEARTBEAT_MS * 3, run: () => endCutOffRequests(ctx) });
