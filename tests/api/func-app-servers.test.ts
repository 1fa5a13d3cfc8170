import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { func } from '../../resources/func';
import { funcArchive, startFunc, type FuncHarness } from './func-fixtures';

/** The app's servers under every function at once (`ParentDecl.appList`, the console's `func/servers`). */
let h: FuncHarness;
const appList = `${func.base}${func.resources.find((r) => r.name === 'servers')!.parent!.appList}`;

beforeAll(async () => {
  h = await startFunc('app-servers');
});
afterAll(() => h.close());

describe("the app's servers", () => {
  it('lists the servers of every function, narrowed by function and state, and no other app sees them', async () => {
    const ids: string[] = [];
    for (const name of ['lobby', 'arena']) {
      const fn = (await h.fn('POST', `${h.base}/func/functions`, { name, level: '100m' })).json();
      expect((await h.upload(fn.id, await funcArchive(), { startCommand: 'node players.mjs' })).statusCode).toBe(200);
      const started = await h.fn('POST', `${h.base}/func/functions/${fn.id}/servers`);
      expect(started.statusCode, started.body).toBe(201);
      expect(started.json().functionId).toBe(fn.id);
      ids.push(fn.id);
    }
    const all = (await h.fn('GET', appList)).json();
    expect(all.total).toBe(2);
    expect(all.items.map((s: { functionId: string }) => s.functionId).sort()).toEqual([...ids].sort());
    const one = (await h.fn('GET', `${appList}?functionId=${ids[0]}`)).json();
    expect([one.total, one.items[0].functionId]).toEqual([1, ids[0]]);
    expect((await h.fn('GET', `${appList}?status=deleted`)).json().total).toBe(0);
    expect((await h.fn('GET', `${appList}?status=nonsense`)).statusCode).toBe(400);
    expect((await h.other('GET', appList)).json().total).toBe(0);
    for (const s of all.items) await h.fn('DELETE', `${h.base}/func/functions/${s.functionId}/servers/${s.id}`);
  });
});
