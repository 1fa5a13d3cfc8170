import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsOf } from '../../server/services/storage/backups';
import { CUT_OFF_MESSAGE, endCutOffRequests } from '../../server/services/storage/requests-cut-off';
import { databasesOf, requestsOf } from '../../server/services/storage/runtime';
import { createDatabase, D, settled, startStorage, type StorageHarness } from './storage-fixtures';

/**
 * A server killed in the middle of a request leaves it RUNNING with no one working on it: the sweep of any instance
 * ends it as failed once it has been silent for a minute, and puts its database and backup in a state a user can act
 * from. The dead server's leftovers are written as it would have left them.
 */
let h: StorageHarness;
beforeAll(async () => {
  h = await startStorage();
}, 180_000);
afterAll(() => h?.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/** A request left by a server, last heard of `heardAt`. */
async function leftRequest(databaseId: string, kind: string, heardAt: string): Promise<string> {
  const id = randomUUID();
  await requestsOf(h.ctx).insert(h.appId, { kind, databaseId, heartbeatAt: heardAt }, { id, status: 'RUNNING', parentId: databaseId });
  return id;
}

const requestOf = async (databaseId: string, requestId: string) => (await h.store('GET', `${D}/${databaseId}/async-request/${requestId}/status`)).json();

describe('requests cut off by a stopped server', () => {
  it('marks a running request alive while it runs', async () => {
    const db = await createDatabase(h, { name: 'alive-db', username: 'alive', password: 'Sturdy#Pass42' });
    const res = await h.store('POST', `${D}/${db.id}/restart`);
    expect(res.statusCode).toBe(200);
    const [request] = await requestsOf(h.ctx).find(h.appId, { where: { id: res.json().requestId } });
    expect(Date.parse(String(request.heartbeatAt))).toBeGreaterThan(Date.now() - 60_000);
    expect((await settled(h, db.id, res.json().requestId)).status).toBe('SUCCESS');
  });

  it('ends silent requests as failed and puts their database and backup back, leaving live ones alone', async () => {
    const restarted = await createDatabase(h, { name: 'restart-db', username: 'restarter', password: 'Sturdy#Pass42' });
    const restart = await leftRequest(restarted.id, 'restart', minutesAgo(5));
    await databasesOf(h.ctx).update(h.appId, { id: restarted.id }, { status: 'restarting', set: { requestId: restart } });

    const backedUp = await createDatabase(h, { name: 'backup-db', username: 'backer', password: 'Sturdy#Pass42' });
    const backup = await leftRequest(backedUp.id, 'backup', minutesAgo(3));
    const backupId = randomUUID();
    await backupsOf(h.ctx).insert(h.appId, { databaseId: backedUp.id, engine: 'postgresql', requestId: backup }, { id: backupId, status: 'RUNNING', parentId: backedUp.id });

    const made = await h.store('POST', D, { engine: 'postgresql', region: 'ap-shanghai', instanceType: 's1', name: 'never-made', username: 'maker', password: 'Sturdy#Pass42' });
    expect(made.statusCode).toBe(201);
    await settled(h, made.json().id, made.json().requestId);
    const create = await leftRequest(made.json().id, 'create', minutesAgo(2));
    await databasesOf(h.ctx).update(h.appId, { id: made.json().id }, { status: 'creating', set: { requestId: create } });

    // Heard of 20 seconds ago: its server is alive, only busy.
    const live = await leftRequest(restarted.id, 'resetPassword', new Date(Date.now() - 20_000).toISOString());

    // The server's own sweep (a job every 30 s) may have ended some already: what is left is ended now.
    await endCutOffRequests(h.ctx);

    for (const [databaseId, requestId] of [[restarted.id, restart], [backedUp.id, backup], [made.json().id, create]]) {
      expect(await requestOf(databaseId, requestId)).toMatchObject({ status: 'FAILED', message: CUT_OFF_MESSAGE });
    }
    expect((await h.store('GET', `${D}/${restarted.id}`)).json().status).toBe('running');
    expect((await h.store('GET', `${D}/${made.json().id}`)).json()).toMatchObject({ status: 'failure', message: CUT_OFF_MESSAGE });
    expect((await h.store('GET', `${D}/${backedUp.id}/backups/${backupId}`)).json()).toMatchObject({ status: 'FAILED', message: CUT_OFF_MESSAGE });
    expect((await requestOf(restarted.id, live)).status).toBe('RUNNING');
    // A database put back accepts the next request: the user is not stuck.
    const again = await h.store('POST', `${D}/${restarted.id}/restart`);
    expect(again.statusCode, again.body).toBe(200);
    expect((await settled(h, restarted.id, again.json().requestId)).status).toBe('SUCCESS');

    // Ended once: a second sweep finds nothing more.
    expect(await endCutOffRequests(h.ctx)).toBe(0);
  });
});
