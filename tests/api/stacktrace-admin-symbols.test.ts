import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stacktrace } from '../../resources/stacktrace';
import { symbols } from '../../resources/stacktrace/resources';
import { acrossAppsPath, acrossAppsTotalsPath } from '../../resources/across-apps';
import { DEMO_ADMIN, startHarness, type Harness } from './harness';
import { buildGameLibrary, type GameLibrary } from './stacktrace-fixtures';

// The back office's `symbols` page (spec 000 §2): every app's symbol files with their sizes and the storage in use,
// for administrators only (`ResourceDecl.acrossApps`).
let h: Harness;
let lib: GameLibrary;
let admin: Record<string, string>;
let user: Record<string, string>;
const LIST = `${stacktrace.base}${acrossAppsPath(symbols)}`;
const TOTALS = `${stacktrace.base}${acrossAppsTotalsPath(symbols)}`;

// A Breakpad file as dump_syms writes it: function, file and line records.
const SYM = Buffer.from(
  ['MODULE Linux arm64 22BB11AA33CC44DDEE55FF66007788990 libc.so', 'FILE 0 bionic/libc/bionic/libc_init_dynamic.cpp', 'FUNC 49a00 40 0 __libc_init', '49a00 20 118 0', 'PUBLIC a1000 0 __start_thread', ''].join('\n'),
);

const upload = (basic: string, bytes: Buffer, fileName: string, version: string) =>
  h.req({
    method: 'POST',
    url: `${stacktrace.base}/stacktrace/symbols?${new URLSearchParams({ fileName, version })}`,
    payload: bytes,
    headers: { authorization: basic, 'content-type': 'application/octet-stream' },
  });
const get = (headers: Record<string, string>, url: string) => h.req({ method: 'GET', url, headers });
type Row = { id: string; appId: string; appName: string; orgName: string; fileName: string; kind: string; arch: string; size: number; hasLines: boolean };
type Totals = { items: { appId: string; appName: string; orgName: string; count: number; size: number }[]; all: { apps: number; count: number; size: number } };

let before: Totals;
let elfId: string;
let symId: string;

beforeAll(async () => {
  h = await startHarness();
  lib = buildGameLibrary();
  admin = { cookie: await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login') };
  user = { cookie: await h.login() };
  before = (await get(admin, TOTALS)).json();
  const elf = await upload(h.basic, lib.bytes, 'libgame.so', '1.0.0');
  const sym = await upload(h.otherBasic, SYM, 'libc.so.sym', '2.0.0');
  expect([elf.statusCode, sym.statusCode], elf.body + sym.body).toEqual([201, 201]);
  [elfId, symId] = [elf.json().id, sym.json().id];
});
afterAll(() => h.close());

describe("the back office's symbol files across apps", () => {
  it('lists both apps’ files to an administrator with their app, organisation, kind, architecture, size and lines', async () => {
    const res = await get(admin, `${LIST}?pageSize=200`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().items as Row[];
    expect(rows.find((r) => r.id === elfId)).toMatchObject({ appId: h.appId, fileName: 'libgame.so', kind: 'elf', arch: 'x86_64', size: lib.bytes.length, hasLines: true });
    expect(rows.find((r) => r.id === symId)).toMatchObject({ appId: h.otherAppId, appName: 'Other Game', orgName: 'Other Studio', kind: 'breakpad', arch: 'arm64', size: SYM.length, hasLines: true });
    // One app's only, one kind's only, one architecture's only.
    const other = (await get(admin, `${LIST}?appId=${h.otherAppId}`)).json();
    expect(other.items.map((r: Row) => r.id)).toContain(symId);
    expect(other.items.every((r: Row) => r.appId === h.otherAppId)).toBe(true);
    const elfs = (await get(admin, `${LIST}?kind=elf&pageSize=200`)).json().items as Row[];
    expect(elfs.map((r) => r.id)).toContain(elfId);
    expect(elfs.map((r) => r.id)).not.toContain(symId);
    expect(((await get(admin, `${LIST}?arch=arm64&pageSize=200`)).json().items as Row[]).map((r) => r.id)).not.toContain(elfId);
  });

  it('sorts by size', async () => {
    const sizes = ((await get(admin, `${LIST}?sort=size&order=desc&pageSize=200`)).json().items as Row[]).map((r) => r.size);
    expect(sizes.length).toBeGreaterThanOrEqual(2);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('totals the files and bytes of each app and the storage in use in all', async () => {
    const after = (await get(admin, TOTALS)).json() as Totals;
    const was = (appId: string) => before.items.find((i) => i.appId === appId) ?? { count: 0, size: 0 };
    expect(after.items.find((i) => i.appId === h.appId)).toMatchObject({ count: was(h.appId).count + 1, size: was(h.appId).size + lib.bytes.length });
    expect(after.items.find((i) => i.appId === h.otherAppId)).toMatchObject({ appName: 'Other Game', orgName: 'Other Studio', count: 1, size: SYM.length });
    expect(after.all).toMatchObject({ count: before.all.count + 2, size: before.all.size + lib.bytes.length + SYM.length });
    // The totals follow the list's filters.
    expect((await get(admin, `${TOTALS}?kind=breakpad&appId=${h.otherAppId}`)).json().all).toEqual({ apps: 1, count: 1, size: SYM.length });
  });

  it('is refused to app credentials, console members and nobody, and to them a delete too', async () => {
    for (const headers of [{ authorization: h.basic }, user, { ...user, authorization: h.basic }, {}]) {
      for (const url of [LIST, TOTALS]) expect([401, 403]).toContain((await get(headers, url)).statusCode);
      expect([401, 403]).toContain((await h.req({ method: 'DELETE', url: `${LIST}/${symId}`, headers })).statusCode);
    }
    expect((await get(user, LIST)).statusCode).toBe(403);
    expect((await h.req({ method: 'GET', url: `${stacktrace.base}/stacktrace/symbols/${symId}`, headers: { authorization: h.otherBasic } })).statusCode).toBe(200);
  });

  it('lets an administrator delete one file of any app, its text with it, in the operation history', async () => {
    const res = await h.req({ method: 'DELETE', url: `${LIST}/${symId}`, headers: admin });
    expect(res.statusCode, res.body).toBe(204);
    expect((await h.req({ method: 'GET', url: `${stacktrace.base}/stacktrace/symbols/${symId}`, headers: { authorization: h.otherBasic } })).statusCode).toBe(404);
    const texts = await h.db.query(`SELECT id FROM ${h.tableOf('stacktrace', 'symbol-texts')} WHERE scope_id = $1 AND data->>'symbolId' = $2`, [h.otherAppId, symId]);
    expect(texts.rows).toEqual([]);
    const history = await h.db.query<{ actor: string; action: string }>('SELECT actor, action FROM audit_log WHERE app_id = $1 AND target = $2', [h.otherAppId, symId]);
    expect(history.rows).toContainEqual(expect.objectContaining({ actor: `admin:${DEMO_ADMIN.email}`, action: 'stacktrace.symbols.delete' }));
    expect((await h.req({ method: 'DELETE', url: `${LIST}/${symId}`, headers: admin })).statusCode).toBe(404);
    // The other app's file is still there.
    expect((await get(admin, `${LIST}?appId=${h.appId}`)).json().items.map((r: Row) => r.id)).toContain(elfId);
  });
});
