import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeTokenCode } from '../../server/platform/org/routes';
import { DEMO_ADMIN, startHarness, type Harness } from './harness';
import { administrator, clientOf, fieldsOf, history, snapshot, type Client } from './org-fixtures';

let h: Harness;
let admin: Client;
let user: Client;

beforeAll(async () => {
  h = await startHarness();
  admin = await administrator(h);
  user = clientOf(h, await h.login());
});
afterAll(() => h.close());

/** Crockford base 32 (no I, L, O, U), four groups of five. */
const CODE = /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/;

interface Token {
  Id: string;
  Token: string;
  Status: string;
  Note: string;
}

async function generate(body: Record<string, unknown>): Promise<Token[]> {
  const res = await admin.post('/api/service-token', body);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().Items;
}

const fulfil = (id: string) =>
  h.db.query("UPDATE service_tokens SET status = 'Fulfilled', fulfilled_app_id = $2, fulfilled_at = now(), fulfilled_by = 'user:demo@example.com' WHERE id = $1", [
    id,
    h.appId,
  ]);

describe('generating', () => {
  it('issues credit tokens with unguessable, distinct codes and records each', async () => {
    const res = await admin.post('/api/service-token', { Kind: 'credit', Amount: '100.5', Count: 3, Note: 'launch week' });
    expect(res.statusCode).toBe(201);
    const items = res.json().Items;
    expect(items).toHaveLength(3);
    for (const t of items) {
      expect(t).toMatchObject({
        Kind: 'credit',
        Amount: '100.50',
        Service: null,
        TrialDays: null,
        Note: 'launch week',
        Status: 'Active',
        FulfilledAppId: null,
        FulfilledAt: null,
        CreatedBy: DEMO_ADMIN.email,
      });
      expect(t.Token).toMatch(CODE);
    }
    expect(new Set(items.map((t: Token) => t.Token)).size).toBe(3);
    const entries = (await history(h, 'service-token.generate')).filter((e) => items.some((t: Token) => t.Id === e.target));
    expect(entries).toHaveLength(3);
    expect(entries[0].actor).toBe(`admin:${DEMO_ADMIN.email}`);
    // The history names the token without keeping a usable code.
    for (const e of entries) expect(JSON.stringify(e.after)).not.toContain((items.find((t: Token) => t.Id === e.target) as Token).Token);
  });

  it('issues a trial token for a catalogued service', async () => {
    const [t] = await generate({ Kind: 'trial', Service: 'remote-config', TrialDays: 30 });
    expect(t).toMatchObject({ Kind: 'trial', Amount: null, Service: 'remote-config', TrialDays: 30, Note: '', Status: 'Active' });
  });

  it('refuses bad requests with 400 naming the fields, issuing nothing', async () => {
    const before = await snapshot(h, 'service_tokens');
    const cases: [unknown, string[]][] = [
      [{}, ['/Kind']],
      [{ Kind: 'gift', Amount: '5' }, ['/Kind']],
      [{ Kind: 'credit' }, ['/Amount']],
      [{ Kind: 'credit', Amount: '0' }, ['/Amount']],
      [{ Kind: 'credit', Amount: '0.00' }, ['/Amount']],
      [{ Kind: 'credit', Amount: '-5' }, ['/Amount']],
      [{ Kind: 'credit', Amount: '1.234' }, ['/Amount']],
      [{ Kind: 'credit', Amount: 5 }, ['/Amount']],
      [{ Kind: 'credit', Amount: '12345678901234567' }, ['/Amount']],
      [{ Kind: 'credit', Amount: '5', Service: 'remote-config' }, ['/Service']],
      [{ Kind: 'trial' }, ['/Service', '/TrialDays']],
      [{ Kind: 'trial', Service: 'no-such-service', TrialDays: 7 }, ['/Service']],
      [{ Kind: 'trial', Service: 'remote-config', TrialDays: 0 }, ['/TrialDays']],
      [{ Kind: 'trial', Service: 'remote-config', TrialDays: 366 }, ['/TrialDays']],
      [{ Kind: 'trial', Service: 'remote-config', TrialDays: 7, Amount: '5' }, ['/Amount']],
      [{ Kind: 'credit', Amount: '5', Count: 0 }, ['/Count']],
      [{ Kind: 'credit', Amount: '5', Count: 101 }, ['/Count']],
      [{ Kind: 'credit', Amount: '5', Note: 'n'.repeat(201) }, ['/Note']],
      [{ Kind: 'credit', Amount: '5', Status: 'Fulfilled' }, ['/Status']],
    ];
    for (const [body, fields] of cases) {
      const res = await admin.post('/api/service-token', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toEqual(expect.arrayContaining(fields));
    }
    const zero = await admin.post('/api/service-token', { Kind: 'credit', Amount: '0' });
    expect(zero.json().details).toEqual([{ field: '/Amount', message: 'must be greater than 0' }]);
    expect(await snapshot(h, 'service_tokens')).toBe(before);
  });

  it('issues up to 100 at once', async () => {
    expect(await generate({ Kind: 'credit', Amount: '1', Count: 100, Note: 'bulk' })).toHaveLength(100);
  });
});

describe('listing', () => {
  it('lists newest first with status filter, search and paging', async () => {
    const [older] = await generate({ Kind: 'credit', Amount: '8', Note: 'list older' });
    const [newer] = await generate({ Kind: 'credit', Amount: '9', Note: 'list newer' });
    await fulfil(older.Id);

    const all = (await admin.get('/api/service-token')).json();
    const ids = all.Items.map((t: Token) => t.Id);
    expect(ids.indexOf(newer.Id)).toBeLessThan(ids.indexOf(older.Id));
    expect(all.TotalCount).toBe(all.Items.length);

    const found = (await admin.get('/api/service-token?q=list%20')).json();
    expect(found.Items.map((t: Token) => t.Id)).toEqual([newer.Id, older.Id]);
    const byCode = (await admin.get(`/api/service-token?q=${newer.Token.slice(6, 11)}`)).json();
    expect(byCode.Items.map((t: Token) => t.Id)).toContain(newer.Id);
    const fulfilled = (await admin.get('/api/service-token?status=Fulfilled')).json();
    expect(fulfilled.Items.map((t: Token) => t.Id)).toEqual([older.Id]);
    expect(fulfilled.Items[0]).toMatchObject({ Status: 'Fulfilled', FulfilledAppId: h.appId, FulfilledAt: expect.any(String) });
    const byApp = (await admin.get(`/api/service-token?q=${h.appId}`)).json();
    expect(byApp.Items.map((t: Token) => t.Id)).toEqual([older.Id]);

    const page = (await admin.get('/api/service-token?q=list%20&count=1&start=1')).json();
    expect(page).toMatchObject({ TotalCount: 2, Items: [{ Id: older.Id }] });
  });

  it('refuses bad filters with 400', async () => {
    for (const qs of ['status=Used', 'count=0', 'start=x', 'kind=credit']) {
      expect((await admin.get(`/api/service-token?${qs}`)).statusCode, qs).toBe(400);
    }
  });
});

describe('regenerating and deleting', () => {
  it('gives an Active token a new code and records it', async () => {
    const [t] = await generate({ Kind: 'credit', Amount: '20' });
    const res = await admin.put(`/api/service-token/${t.Id}`);
    expect(res.statusCode).toBe(200);
    const renewed = res.json();
    expect(renewed).toMatchObject({ Id: t.Id, Status: 'Active', Amount: '20.00' });
    expect(renewed.Token).toMatch(CODE);
    expect(renewed.Token).not.toBe(t.Token);
    const old = await h.db.query('SELECT 1 FROM service_tokens WHERE token = $1', [t.Token]);
    expect(old.rows).toHaveLength(0);
    expect((await history(h, 'service-token.regenerate')).at(-1)).toMatchObject({ target: t.Id, actor: `admin:${DEMO_ADMIN.email}` });
  });

  it("refuses to regenerate or delete a Fulfilled token with the spec's message", async () => {
    const [t] = await generate({ Kind: 'trial', Service: 'remote-config', TrialDays: 7 });
    await fulfil(t.Id);
    const before = await snapshot(h, 'service_tokens');
    for (const res of [await admin.put(`/api/service-token/${t.Id}`), await admin.del(`/api/service-token/${t.Id}`)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('token has been fulfilled');
    }
    expect(await snapshot(h, 'service_tokens')).toBe(before);
  });

  it('deletes an Active token', async () => {
    const [t] = await generate({ Kind: 'credit', Amount: '3', Note: 'to delete' });
    expect((await admin.del(`/api/service-token/${t.Id}`)).statusCode).toBe(204);
    expect((await admin.get('/api/service-token?q=to%20delete')).json().TotalCount).toBe(0);
    expect((await history(h, 'service-token.delete')).at(-1)).toMatchObject({ target: t.Id });
    expect((await admin.del(`/api/service-token/${t.Id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown token and 400 for a malformed id', async () => {
    expect((await admin.put('/api/service-token/no-such-token')).statusCode).toBe(404);
    expect((await admin.del('/api/service-token/no-such-token')).statusCode).toBe(404);
    expect((await admin.put('/api/service-token/bad%20id')).statusCode).toBe(400);
  });
});

describe('access', () => {
  it('is for administrators only: console users get 403, no session 401, and nothing changes', async () => {
    const [t] = await generate({ Kind: 'credit', Amount: '11' });
    const before = await snapshot(h, 'service_tokens');
    const anonymous = clientOf(h, undefined);
    const calls = (c: Client) => [
      c.get('/api/service-token'),
      c.post('/api/service-token', { Kind: 'credit', Amount: '1000' }),
      c.put(`/api/service-token/${t.Id}`),
      c.del(`/api/service-token/${t.Id}`),
    ];
    for (const res of await Promise.all(calls(user))) expect(res.statusCode).toBe(403);
    for (const res of await Promise.all(calls(anonymous))) expect(res.statusCode).toBe(401);
    expect(await snapshot(h, 'service_tokens')).toBe(before);
  });
});

describe('normalizeTokenCode', () => {
  it('reads a code typed in any case, with spaces or without dashes, and look-alike letters', () => {
    expect(normalizeTokenCode('abcde fghjk-mnpqr stvwx')).toBe('ABCDE-FGHJK-MNPQR-STVWX');
    expect(normalizeTokenCode('0123456789ABCDEFGHJK')).toBe('01234-56789-ABCDE-FGHJK');
    expect(normalizeTokenCode('oIlAB-CDEFG-HJKMN-PQRST')).toBe('011AB-CDEFG-HJKMN-PQRST');
  });

  it('leaves what cannot be a code as it was', () => {
    expect(normalizeTokenCode('short')).toBe('short');
    expect(normalizeTokenCode('UUUUU-UUUUU-UUUUU-UUUUU')).toBe('UUUUU-UUUUU-UUUUU-UUUUU');
  });
});
