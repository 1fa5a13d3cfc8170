import { createServer, createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo, createDatabase, D, startStorage, type StorageHarness } from './storage-fixtures';

/** A port nothing listens on now, with the next ones. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** Whether something accepts a TCP connection at the address. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const c = createConnection({ host, port }, () => (c.destroy(), resolve(true)));
    c.on('error', () => resolve(false));
  });

let h: StorageHarness;
let first: number;
beforeAll(async () => {
  first = await freePort();
  h = await startStorage({ STORAGE_PROXY_PORTS: `${first}-${first + 9}` });
}, 180_000);
afterAll(() => h?.close());

const PASSWORD = 'Sturdy#Pass42';

describe('proxy addresses', () => {
  it('forward a real client to the database through a port of the range, until released', async () => {
    const db = await createDatabase(h, { name: 'proxied', username: 'proxied', password: PASSWORD });
    const res = await h.store('POST', `${D}/${db.id}/create-proxy`);
    expect(res.statusCode).toBe(200);
    const { proxyHost, proxyPort } = res.json();
    expect(proxyHost).toBe(db.host);
    expect(proxyPort).toBeGreaterThanOrEqual(first);
    expect(proxyPort).toBeLessThanOrEqual(first + 9);
    expect(proxyPort).not.toBe(db.port);
    expect((await h.store('GET', `${D}/${db.id}`)).json()).toMatchObject({ proxyHost, proxyPort });
    // Asked again: the same address.
    expect((await h.store('POST', `${D}/${db.id}/create-proxy`)).json().proxyPort).toBe(proxyPort);

    const via = { ...db, host: proxyHost, port: proxyPort };
    const client = await connectTo(via, PASSWORD);
    await client.query('CREATE TABLE through (n int)');
    await client.query('INSERT INTO through VALUES (41), (1)');
    const direct = await connectTo(db, PASSWORD);
    expect((await direct.query('SELECT sum(n)::int AS s FROM through')).rows).toEqual([{ s: 42 }]);
    await direct.end();
    await expect(connectTo(via, 'Wrong#Pass42')).rejects.toThrow(/password authentication failed/);

    const released = await h.store('POST', `${D}/${db.id}/release-proxy`);
    expect(released.statusCode).toBe(200);
    expect(released.json().proxyPort).toBeUndefined();
    expect((await h.store('GET', `${D}/${db.id}`)).json().proxyPort).toBeUndefined();
    await expect(client.query('SELECT 1')).rejects.toThrow();
    expect(await accepts(proxyHost, proxyPort)).toBe(false);
    await expect(connectTo(via, PASSWORD)).rejects.toThrow(/ECONNREFUSED/);
    // The database itself still answers.
    const after = await connectTo(db, PASSWORD);
    expect((await after.query('SELECT count(*)::int AS c FROM through')).rows).toEqual([{ c: 2 }]);
    await after.end();
    expect((await h.store('POST', `${D}/${db.id}/release-proxy`)).statusCode).toBe(409);
  }, 180_000);

  it('give each database its own port, only to its own app, and close with the database', async () => {
    const a = await createDatabase(h, { name: 'proxy-a', username: 'proxya', password: PASSWORD });
    const b = await createDatabase(h, { name: 'proxy-b', username: 'proxyb', password: PASSWORD });
    expect((await h.otherStore('POST', `${D}/${a.id}/create-proxy`)).statusCode).toBe(404);
    const pa = (await h.store('POST', `${D}/${a.id}/create-proxy`)).json().proxyPort;
    const pb = (await h.store('POST', `${D}/${b.id}/create-proxy`)).json().proxyPort;
    expect(pa).not.toBe(pb);
    // b's proxy leads to b's database only: a's user is refused there.
    await expect(connectTo({ ...a, port: pb }, PASSWORD)).rejects.toThrow(/is not reached through this address/);
    const cb = await connectTo({ ...b, port: pb }, PASSWORD);
    await cb.query('CREATE TABLE only_b (n int)');
    await cb.end();
    const direct = await connectTo(b, PASSWORD);
    expect((await direct.query('SELECT count(*)::int AS c FROM only_b')).rows).toEqual([{ c: 0 }]);
    await direct.end();
    expect(await accepts(a.host, pa)).toBe(true);
    expect((await h.store('DELETE', `${D}/${a.id}`)).statusCode).toBeLessThan(300);
    expect(await accepts(a.host, pa)).toBe(false);
  }, 180_000);

});
