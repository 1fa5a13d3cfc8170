import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomsOf } from '../../server/services/usync/models';
import { recordUsage } from '../../server/usage';
import { newProfile, newRoom, S, startSync, type SyncApp, type SyncHarness } from './usync-fixtures';

/**
 * Sync's usage reports: the app's profiles ranked by what their rooms used (bytes, rooms, messages), and a range's
 * billed usage beside the range of the same length before it.
 */
let h: SyncHarness;
let app: SyncApp;
beforeAll(async () => {
  h = await startSync();
  app = await h.newApp('reports');
});
afterAll(() => h.close());

/** A room of the profile whose relay tallies are these (as a closed room keeps them). */
async function roomWith(profileId: string, bytes: number, messages: number): Promise<void> {
  const room = await newRoom(app, profileId);
  await roomsOf(h.ctx).update(app.appId, { id: String(room.id) }, { set: { bytes, messages } });
}

describe('Sync usage reports', () => {
  it("ranks the app's profiles by what their rooms relayed, made or carried, naming each", async () => {
    const [quiet, busy, many] = [await newProfile(app, { name: 'quiet' }), await newProfile(app, { name: 'busy' }), await newProfile(app, { name: 'many' })];
    await roomWith(String(quiet.id), 100, 1);
    await roomWith(String(busy.id), 9000, 20);
    await roomWith(String(many.id), 300, 50);
    await roomWith(String(many.id), 400, 60);

    const byBytes = (await app.call('GET', `${S}/api/usage/sort`)).json();
    expect(byBytes.by).toBe('netBytes');
    expect(byBytes.items.map((i: { profileName: string }) => i.profileName)).toEqual(['busy', 'many', 'quiet']);
    expect(byBytes.items[1]).toEqual({ profileId: many.id, profileName: 'many', rooms: 2, netBytes: 700, messages: 110 });

    const byRooms = (await app.call('GET', `${S}/api/usage/sort?by=rooms&limit=1`)).json();
    expect(byRooms.items).toEqual([{ profileId: many.id, profileName: 'many', rooms: 2, netBytes: 700, messages: 110 }]);
    const byMessages = (await app.call('GET', `${S}/api/usage/sort?by=messages`)).json();
    expect(byMessages.items.map((i: { profileName: string }) => i.profileName)).toEqual(['many', 'busy', 'quiet']);

    // A range before any room: nothing. A key it does not rank by, or a reversed range: 400.
    expect((await app.call('GET', `${S}/api/usage/sort?from=2020-01-01&to=2020-01-31`)).json().items).toEqual([]);
    expect((await app.call('GET', `${S}/api/usage/sort?by=players`)).statusCode).toBe(400);
    expect((await app.call('GET', `${S}/api/usage/sort?from=2026-02-10&to=2026-02-01`)).statusCode).toBe(400);
  });

  it('answers a range’s usage beside the range of the same length before it, and the change', async () => {
    const other = await h.newApp('trend');
    const at = (day: string) => new Date(`${day}T06:00:00Z`);
    // 1–3 March before, 4–6 March asked: peaks 4 then 6, bytes 1000 then 1500.
    await recordUsage(h.db, other.appId, 'usync', 'ccu', 4, at('2026-03-02'));
    await recordUsage(h.db, other.appId, 'usync', 'net', 600, at('2026-03-01'));
    await recordUsage(h.db, other.appId, 'usync', 'net', 400, at('2026-03-03'));
    await recordUsage(h.db, other.appId, 'usync', 'ccu', 6, at('2026-03-05'));
    await recordUsage(h.db, other.appId, 'usync', 'net', 1500, at('2026-03-06'));
    // Outside both ranges: not counted.
    await recordUsage(h.db, other.appId, 'usync', 'net', 99999, at('2026-02-28'));

    const res = await other.call('GET', `${S}/api/usage-trend?from=2026-03-04&to=2026-03-06`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      from: '2026-03-04',
      to: '2026-03-06',
      ccu: 6,
      netBytes: 1500,
      previous: { from: '2026-03-01', to: '2026-03-03', ccu: 4, netBytes: 1000 },
      change: { ccu: 0.5, netBytes: 0.5 },
    });
    // The same days one row each, a day without usage at zero.
    expect((await other.call('GET', `${S}/api/daily-usage?from=2026-03-04&to=2026-03-06`)).json()).toEqual({
      total: 3,
      days: [
        { day: '2026-03-04', ccu: 0, netBytes: 0 },
        { day: '2026-03-05', ccu: 6, netBytes: 0 },
        { day: '2026-03-06', ccu: 0, netBytes: 1500 },
      ],
    });
    // Nothing before: no change to speak of.
    const first = (await other.call('GET', `${S}/api/usage-trend?from=2026-02-01&to=2026-02-28`)).json();
    expect(first).toMatchObject({ netBytes: 99999, previous: { from: '2026-01-04', to: '2026-01-31', netBytes: 0 }, change: { netBytes: null, ccu: null } });
    // Another app's usage is not this one's.
    expect((await app.call('GET', `${S}/api/usage-trend?from=2026-03-04&to=2026-03-06`)).json().netBytes).toBe(0);
  });
});
