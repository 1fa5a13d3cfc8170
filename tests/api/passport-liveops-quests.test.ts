import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceQuestItem, claimQuestItem, personaQuests } from '../../server/services/passport/liveops/quest-progress';
import { startHarness, type Harness } from './harness';
import { asOther, historyCount, holdings, newPlayer, newResource, ok, refusal, slug, type TestPlayer } from './passport-liveops-fixtures';
import { passport } from '../../resources/passport';

let h: Harness;
let coin: string;
beforeAll(async () => {
  h = await startHarness();
  coin = await newResource(h);
});
afterAll(() => h.close());

const B = passport.base;
type Item = { id: string; name: string; target: number; status: string };
type Quest = { id: string; slugName: string; status: string; version: number; items?: Item[]; name: string };

const upsert = (body: object) => h.svc('POST', `${B}/quests/create-or-update`, body);
async function quest(type = 'weekly', items: { name: string; target: number }[] = []): Promise<Quest> {
  let q = ok<Quest>(await upsert({ name: 'Quest', slugName: slug('quest'), type }), 201);
  for (const item of items) q = ok<Quest>(await h.svc('POST', `${B}/quests/${q.id}/items`, { ...item, rewards: [{ resource: coin, amount: 7 }] }));
  return q;
}

describe('create-or-update', () => {
  it('creates, then updates by slug or id keeping items and status; a stale version is refused', async () => {
    const q = await quest('daily', [{ name: 'Win', target: 2 }]);
    ok(await h.svc('POST', `${B}/quests/${q.id}/publish`));
    const bySlug = ok<Quest>(await upsert({ name: 'Renamed', slugName: q.slugName, type: 'daily', layout: 'WithProgressBar' }));
    expect(bySlug).toMatchObject({ id: q.id, name: 'Renamed', status: 'questPublished', layout: 'WithProgressBar' });
    expect(bySlug.items).toHaveLength(1);
    const byId = ok<Quest>(await upsert({ id: q.id, name: 'Again', slugName: slug('moved'), type: 'daily', version: bySlug.version }));
    expect(byId).toMatchObject({ id: q.id, name: 'Again', status: 'questPublished' });
    expect(refusal(await upsert({ id: q.id, name: 'Stale', slugName: byId.slugName, type: 'daily', version: bySlug.version }))).toEqual({ status: 409, code: 'VERSION_CONFLICT' });
    expect((await upsert({ id: 'no-such-quest', name: 'x', slugName: slug('x'), type: 'daily' })).statusCode).toBe(404);
    const taken = await quest();
    expect(refusal(await upsert({ id: q.id, name: 'Clash', slugName: taken.slugName, type: 'daily' }))).toEqual({ status: 409, code: 'DUPLICATE' });
    for (const bad of [{ name: 'x', slugName: 'not a slug', type: 'daily' }, { name: 'x', slugName: slug('x'), type: 'yearly' }, { name: 'x', slugName: slug('x'), type: 'daily', items: [] }]) {
      expect((await upsert(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await historyCount(h, 'passport.quests.update', q.id)).toBe(2);
  });
});

describe('items and the status they give their quest', () => {
  it('moves questPending → questPartialPublished → questPublished and back, item by item and all at once', async () => {
    const q = await quest('weekly', [{ name: 'A', target: 1 }, { name: 'B', target: 1 }]);
    const [a, b] = q.items!;
    const item = (id: string, verb: string) => h.svc('POST', `${B}/quests/${q.id}/items/${id}/${verb}`);
    expect(q.status).toBe('questPending');
    expect(refusal(await item(a.id, 'revoke'))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    expect(refusal(await h.svc('POST', `${B}/quests/${q.id}/revoke`)).status).toBe(409);
    expect(ok<Quest>(await item(a.id, 'publish')).status).toBe('questPartialPublished');
    expect(refusal(await item(a.id, 'publish')).status).toBe(409);
    expect(ok<Quest>(await item(b.id, 'publish')).status).toBe('questPublished');
    expect(refusal(await h.svc('POST', `${B}/quests/${q.id}/publish`)).status).toBe(409);
    expect(ok<Quest>(await item(b.id, 'revoke')).status).toBe('questPartialPublished');
    expect(ok<Quest>(await h.svc('POST', `${B}/quests/${q.slugName}/publish`)).status).toBe('questPublished');
    // A new item is unpublished: the quest is partly published again.
    expect(ok<Quest>(await h.svc('POST', `${B}/quests/${q.id}/items`, { name: 'C', target: 3 })).status).toBe('questPartialPublished');
    expect(ok<Quest>(await h.svc('POST', `${B}/quests/${q.id}/revoke`)).status).toBe('questPending');
    expect((await item('no-such-item', 'publish')).statusCode).toBe(404);
    const empty = await quest();
    expect(refusal(await h.svc('POST', `${B}/quests/${empty.id}/publish`)).status).toBe(409);
  });

  it('updates an item keeping its status, and deletes only unpublished items', async () => {
    const q = await quest('daily', [{ name: 'Old', target: 1 }]);
    const [item] = q.items!;
    ok(await h.svc('POST', `${B}/quests/${q.id}/items/${item.id}/publish`));
    const updated = ok<Quest>(await h.svc('POST', `${B}/quests/${q.id}/items`, { id: item.id, name: 'New', target: 4 }));
    expect(updated.items).toEqual([expect.objectContaining({ id: item.id, name: 'New', target: 4, status: 'published' })]);
    expect(refusal(await h.svc('DELETE', `${B}/quests/${q.id}/items/${item.id}`)).status).toBe(409);
    ok(await h.svc('POST', `${B}/quests/${q.id}/items/${item.id}/revoke`));
    expect(ok<Quest>(await h.svc('DELETE', `${B}/quests/${q.id}/items/${item.id}`)).items).toEqual([]);
    expect(ok<{ total: number }>(await h.svc('GET', `${B}/quests/${q.id}/items`)).total).toBe(0);
    expect((await h.svc('POST', `${B}/quests/${q.id}/items`, { name: 'x', target: 0 })).statusCode).toBe(400);
    expect((await h.svc('POST', `${B}/quests/${q.id}/items`, { name: 'x', target: 1, status: 'published' })).statusCode).toBe(400);
  });

  it('keeps items through an ordinary update of the quest', async () => {
    const q = await quest('monthly', [{ name: 'Keep me', target: 1 }]);
    const updated = ok<Quest>(await h.svc('PUT', `${B}/quests/${q.id}`, { name: 'Edited', slugName: q.slugName, type: 'monthly', version: q.version }));
    expect(updated.items?.map((i) => i.name)).toEqual(['Keep me']);
  });
});

describe('progress and periods', () => {
  async function published(type: string, target = 2) {
    const q = await quest(type, [{ name: 'Do it', target }]);
    ok(await h.svc('POST', `${B}/quests/${q.id}/publish`));
    return { q, item: q.items![0] };
  }
  /** The quest as stored now, as a player's call on it finds it. */
  const stored = async (q: Quest) => ok<Quest>(await h.svc('GET', `${B}/quests/${q.id}`));
  const progress = async (p: TestPlayer, q: Quest, item: Item, at: Date, n = 1) => advanceQuestItem(h.ctx, p, 'test', await stored(q), item.id, n, at);
  const claim = async (p: TestPlayer, q: Quest, item: Item, at: Date) => claimQuestItem(h.ctx, p, 'test', await stored(q), item.id, at);
  const refusedWith = async (run: Promise<unknown>) => run.then(() => 'accepted', (e: { status: number }) => e.status);

  it('resets a weekly quest at Monday 00:00 Shanghai (Sunday 16:00 UTC)', async () => {
    const { q, item } = await published('weekly');
    const p = await newPlayer(h);
    // 2026-03-08 is a Sunday; Monday 00:00 in Shanghai is 2026-03-08T16:00Z.
    const sundayLate = new Date('2026-03-08T15:59:59.000Z');
    const monday = new Date('2026-03-08T16:00:00.000Z');
    expect(await progress(p, q, item, new Date('2026-03-02T16:00:00.000Z'))).toMatchObject({ progress: 1, completed: false });
    expect(await progress(p, q, item, sundayLate)).toMatchObject({ progress: 2, completed: true, period: 'W2026-03-02' });
    expect(await claim(p, q, item, sundayLate)).toMatchObject({ granted: [{ resource: coin, amount: 7 }] });
    expect(await refusedWith(claim(p, q, item, sundayLate))).toBe(409);
    expect(await progress(p, q, item, monday)).toMatchObject({ progress: 1, completed: false, claimed: false, period: 'W2026-03-09' });
    expect(await refusedWith(claim(p, q, item, monday))).toBe(409);
    expect(await progress(p, q, item, monday)).toMatchObject({ progress: 2, completed: true });
    await claim(p, q, item, monday);
    expect(await holdings(h, p.personaId)).toEqual({ [coin]: '14' });
    const view = await personaQuests(h.ctx, h.appId, p.personaId, { count: 100, start: 0, type: 'weekly' }, monday);
    expect(view.quests.find((x) => x.questId === q.id)).toMatchObject({ period: 'W2026-03-09', resetsAt: '2026-03-15T16:00:00.000Z' });
  });

  it('resets daily quests at 00:00 and monthly quests on the 1st, Shanghai time', async () => {
    const daily = await published('daily', 1);
    const monthly = await published('monthly', 1);
    const p = await newPlayer(h);
    expect(await progress(p, daily.q, daily.item, new Date('2026-03-10T15:59:59.000Z'))).toMatchObject({ completed: true, period: 'D2026-03-10' });
    expect(await progress(p, daily.q, daily.item, new Date('2026-03-10T16:00:00.000Z'))).toMatchObject({ progress: 1, period: 'D2026-03-11' });
    expect(await progress(p, monthly.q, monthly.item, new Date('2026-03-31T15:59:59.000Z'))).toMatchObject({ completed: true, period: 'M2026-03' });
    await claim(p, monthly.q, monthly.item, new Date('2026-03-31T15:59:59.000Z'));
    expect(await refusedWith(claim(p, monthly.q, monthly.item, new Date('2026-03-31T16:00:00.000Z')))).toBe(409);
    expect(await progress(p, monthly.q, monthly.item, new Date('2026-03-31T16:00:00.000Z'))).toMatchObject({ completed: true, claimed: false, period: 'M2026-04' });
  });

  it("through the player API: progress caps at the target, claims once, and one persona's progress is not another's", async () => {
    const { q, item } = await published('daily', 3);
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    const step = (p: TestPlayer, n: number) => p.call('POST', `${B}/sdk/quests/${q.slugName}/items/${item.id}/progress`, { increment: n });
    const claimApi = (p: TestPlayer) => p.call('POST', `${B}/sdk/quests/${q.id}/items/${item.id}/claim`);
    expect(ok<{ progress: number }>(await step(a, 2)).progress).toBe(2);
    expect(refusal(await claimApi(a))).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    expect(ok<{ progress: number; completed: boolean }>(await step(a, 5))).toMatchObject({ progress: 3, completed: true });
    expect(refusal(await claimApi(b)).status).toBe(409);
    ok(await claimApi(a));
    expect(refusal(await claimApi(a)).status).toBe(409);
    expect(await holdings(h, a.personaId)).toEqual({ [coin]: '7' });
    expect(await holdings(h, b.personaId)).toEqual({});
    const mine = ok<{ quests: { questId: string; items: { progress: number; claimed: boolean }[] }[] }>(await b.call('GET', `${B}/sdk/quests?type=daily&count=1000`));
    expect(mine.quests.find((x) => x.questId === q.id)?.items).toEqual([expect.objectContaining({ progress: 0, claimed: false })]);
    const asConsole = ok<{ quests: { questId: string; items: { progress: number; claimed: boolean }[] }[] }>(await h.svc('POST', `${B}/personas/${a.personaId}/quests/search`, { q: q.slugName }));
    expect(asConsole.quests.map((x) => x.questId)).toEqual([q.id]);
    expect(asConsole.quests[0].items[0]).toMatchObject({ progress: 3, claimed: true });
    expect((await step(a, 0)).statusCode).toBe(400);
    expect(await historyCount(h, 'passport.quests.claim', `${a.personaId}/${q.id}/${item.id}`)).toBe(1);
  });

  it('hides unpublished items and quests from players', async () => {
    const q = await quest('daily', [{ name: 'Open', target: 1 }, { name: 'Closed', target: 1 }]);
    const [open, closed] = q.items!;
    ok(await h.svc('POST', `${B}/quests/${q.id}/items/${open.id}/publish`));
    const p = await newPlayer(h);
    expect((await p.call('POST', `${B}/sdk/quests/${q.id}/items/${closed.id}/progress`, { increment: 1 })).statusCode).toBe(404);
    const seen = ok<{ quests: { questId: string; items: { itemId: string }[] }[] }>(await h.svc('GET', `${B}/personas/${p.personaId}/quests?count=1000`));
    expect(seen.quests.find((x) => x.questId === q.id)?.items.map((i) => i.itemId)).toEqual([open.id]);
    const hidden = await quest('daily', [{ name: 'Nope', target: 1 }]);
    expect((await p.call('POST', `${B}/sdk/quests/${hidden.id}/items/${hidden.items![0].id}/progress`, { increment: 1 })).statusCode).toBe(404);
  });
});

describe('import and isolation', () => {
  it('imports quests, reporting bad rows and storing none of them', async () => {
    const taken = (await quest()).slugName;
    const fresh = slug('imp');
    const rows = [
      { name: 'Good', slugName: fresh, type: 'daily', layout: 'Basic' },
      { name: 'Taken', slugName: taken, type: 'daily' },
      { name: 'Bad type', slugName: slug('imp'), type: 'hourly' },
      { name: 'Items are added later', slugName: slug('imp'), type: 'daily', items: [] },
    ];
    const report = ok<{ imported: number; failed: { row: number; errors: { field: string }[] }[] }>(await h.svc('POST', `${B}/quests/import`, { format: 'json', content: JSON.stringify(rows) }));
    expect(report.imported).toBe(1);
    expect(report.failed.map((f) => [f.row, f.errors[0].field])).toEqual([[2, '/slugName'], [3, '/type'], [4, '/items']]);
    expect(ok<Quest>(await h.svc('GET', `${B}/quests/${fresh}`)).status).toBe('questPending');
    expect((await h.svc('GET', `${B}/quests/${rows[2].slugName}`)).statusCode).toBe(404);
  });

  it("keeps another organisation's app and its players out", async () => {
    const q = await quest('daily', [{ name: 'Mine', target: 1 }]);
    const item = q.items![0];
    ok(await h.svc('POST', `${B}/quests/${q.id}/publish`));
    for (const [method, url, body] of [
      ['GET', `${B}/quests/${q.id}/items`, undefined],
      ['POST', `${B}/quests/${q.id}/items`, { name: 'Theirs', target: 1 }],
      ['POST', `${B}/quests/${q.id}/revoke`, undefined],
      ['POST', `${B}/quests/${q.id}/items/${item.id}/revoke`, undefined],
      ['DELETE', `${B}/quests/${q.id}/items/${item.id}`, undefined],
      ['POST', `${B}/quests/create-or-update`, { id: q.id, name: 'Theirs', slugName: q.slugName, type: 'daily' }],
    ] as const) {
      expect((await asOther(h, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const after = ok<Quest>(await h.svc('GET', `${B}/quests/${q.id}`));
    expect(after).toMatchObject({ status: 'questPublished', version: q.version + 1 });
    const stranger = await newPlayer(h, { appId: h.otherAppId });
    expect((await stranger.call('POST', `${B}/sdk/quests/${q.id}/items/${item.id}/progress`, { increment: 1 })).statusCode).toBe(404);
    const p = await newPlayer(h);
    expect((await asOther(h, 'GET', `${B}/personas/${p.personaId}/quests`)).statusCode).toBe(404);
  });
});
