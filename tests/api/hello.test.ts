import { TokenVerifier } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hello } from '../../resources/hello';
import { serverMessages } from '../../resources/messages';
import { startHarness, type Harness } from './harness';
import { enableHello, LIVEKIT, recording, voiceSession, webhook } from './hello-fixtures';

const U = hello.base;
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: LIVEKIT });
  await enableHello(h);
});
afterAll(() => h.close());

// 2025-06-10 10:00 in Asia/Shanghai, and that day's bounds.
const T0 = Date.parse('2025-06-10T02:00:00Z');
const DAY = '2025-06-10';
const MIN = 60_000;

describe('Hello: organisation and project on first use', () => {
  it('refuses the project before the organisation, then makes the organisation once and the project once', async () => {
    const early = await h.svc('POST', `${U}/projects/refactor`, {});
    expect(early.statusCode, early.body).toBe(409);
    const org = await h.svc('POST', `${U}/orgs`);
    expect(org.statusCode, org.body).toBe(200);
    const again = await h.svc('POST', `${U}/orgs`);
    expect(again.json().id).toBe(org.json().id);
    const made = await h.svc('POST', `${U}/projects/refactor`, { name: 'Voice of Demo' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ name: 'Voice of Demo', orgId: org.json().id, tokenMinutes: 60, recording: false });
    expect((await h.svc('POST', `${U}/projects/refactor`, { name: 'Another' })).json().id).toBe(made.json().id);
    const list = await h.svc('GET', `${U}/projects`);
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json())).toContain('Voice of Demo');
  });

  it("makes another app's organisation and project for that app only", async () => {
    const as = (method: 'GET' | 'POST', url: string) => h.req({ method, url, headers: { authorization: h.otherBasic } });
    const mine = (await h.svc('POST', `${U}/orgs`)).json();
    const theirs = await as('POST', `${U}/orgs`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().id).not.toBe(mine.id);
    expect(theirs.json().organizationId).not.toBe(mine.organizationId);
    const project = (await as('POST', `${U}/projects/refactor`)).json();
    expect(project.orgId).toBe(theirs.json().id);
    const listed = (await h.svc('GET', `${U}/projects`)).json();
    expect(listed.items.map((p: { id: string }) => p.id)).not.toContain(project.id);
    // Nor does this app reach the other's project by its id.
    expect((await h.svc('GET', `${U}/projects/${project.id}`)).statusCode).toBe(404);
  });

  it('refuses names breaking the rules', async () => {
    const res = await h.svc('POST', `${U}/projects/refactor`, { name: '' });
    expect(res.statusCode).toBe(400);
  });
});

describe('Hello: room tokens', () => {
  it("signs a token for the app's own room with the configured key, within the project's lifetime", async () => {
    const res = await h.svc('POST', `${U}/tokens`, { room: 'lobby', identity: 'player-1', name: 'Ada', minutes: 30 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.url).toBe(LIVEKIT.LIVEKIT_URL);
    const claims = await new TokenVerifier(LIVEKIT.LIVEKIT_API_KEY, LIVEKIT.LIVEKIT_API_SECRET).verify(body.token);
    expect(claims.sub).toBe('player-1');
    expect(claims.name).toBe('Ada');
    expect(claims.video).toMatchObject({ roomJoin: true, room: `${h.appId}~lobby`, canPublish: true, canSubscribe: true, roomRecord: false });
    expect(claims.exp! - claims.nbf!).toBe(30 * 60);
    // A token signed with another secret is not accepted as this server's.
    await expect(new TokenVerifier(LIVEKIT.LIVEKIT_API_KEY, 'another-secret-of-32-characters-long!!').verify(body.token)).rejects.toThrow();
  });

  it("caps a token's lifetime at the project's", async () => {
    const res = await h.svc('POST', `${U}/tokens`, { room: 'lobby', identity: 'player-2', minutes: 1440 });
    const claims = await new TokenVerifier(LIVEKIT.LIVEKIT_API_KEY, LIVEKIT.LIVEKIT_API_SECRET).verify(res.json().token);
    expect(claims.exp! - claims.nbf!).toBe(60 * 60);
  });

  it('refuses room and participant names breaking the rules, and leaves nothing signed', async () => {
    for (const body of [{ room: 'lobby/../other', identity: 'p' }, { room: 'x'.repeat(65), identity: 'p' }, { room: 'lobby', identity: "p'; DROP TABLE apps;--" }, { room: 'lobby' }]) {
      const res = await h.svc('POST', `${U}/tokens`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().token).toBeUndefined();
    }
  });

  it('says clearly, in both languages, when no voice server is configured', async () => {
    const bare = await startHarness();
    try {
      await enableHello(bare);
      const res = await bare.svc('POST', `${U}/tokens`, { room: 'lobby', identity: 'p' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('VOICE_NOT_CONFIGURED');
      const text = serverMessages[res.json().message];
      expect(text['zh-CN']).toMatch(/语音服务器/);
      expect(text.en).toMatch(/no voice server/i);
      // Nor is any webhook believed, signed or not, and nothing is kept of it.
      const hook = await webhook(bare, { event: 'participant_joined', room: { name: `${bare.appId}~lobby` }, participant: { sid: 'PA_B', identity: 'b' } });
      expect(hook.statusCode).toBe(503);
      expect((await bare.svc('GET', `${U}/sessions`)).json().total).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

describe('Hello: sessions, usage and billing', () => {
  it('keeps what the voice server reports as sessions with their billed minutes, and refuses unsigned reports', async () => {
    // 2 min 30 s counts as 3 minutes; 10 minutes as 10.
    const [j1, l1] = await voiceSession(h, `${h.appId}~arena`, 'p1', 'PA_1', T0, T0 + 150_000);
    expect([j1.statusCode, l1.statusCode]).toEqual([200, 200]);
    await voiceSession(h, `${h.appId}~arena`, 'p2', 'PA_2', T0, T0 + 10 * MIN);
    await voiceSession(h, `${h.appId}~lobby`, 'p3', 'PA_3', T0, T0 + 4 * MIN);
    await recording(h, `${h.appId}~arena`, 'EG_1', T0, T0 + 5 * MIN);
    // Another app's room, and a room Lodestar did not name, are not this app's.
    await voiceSession(h, `${h.otherAppId}~arena`, 'q', 'PA_9', T0, T0 + 7 * MIN);
    await voiceSession(h, 'someone-elses-room', 'q', 'PA_8', T0, T0 + 7 * MIN);
    const unsigned = await h.req({ method: 'POST', url: `${U}/livekit/webhook`, headers: { 'content-type': 'application/webhook+json' }, payload: '{"event":"participant_left"}' });
    expect(unsigned.statusCode).toBe(401);
    const forged = await webhook(h, { event: 'participant_left', room: { name: `${h.appId}~arena` }, participant: { sid: 'PA_X', identity: 'x' } }, 'not-the-secret-but-32-characters-long');
    expect(forged.statusCode).toBe(401);

    const sessions = (await h.svc('GET', `${U}/sessions?pageSize=50`)).json();
    expect(sessions.total).toBe(4);
    const items = sessions.items as { identity: string; minutes: number; day: string; kind: string }[];
    const minutesOf = Object.fromEntries(items.map((s) => [s.identity || s.kind, s.minutes]));
    expect(minutesOf).toEqual({ p1: 3, p2: 10, p3: 4, recording: 5 });
    expect(items.every((s) => s.day === DAY)).toBe(true);
  });

  it('answers daily usage, sum and top from the sessions, priced at the declared prices', async () => {
    const daily = await h.svc('GET', `${U}/usages/daily?from=${DAY}&to=${DAY}`);
    expect(daily.statusCode, daily.body).toBe(200);
    // Each meter's charge in cents, half up: 17 voice minutes × 7 / 1000 = 0.119 → 0.12; 5 recording minutes × 9 / 1000 = 0.045 → 0.05
    expect(daily.json()).toMatchObject({ rtcMinutes: 17, recordingMinutes: 5, amount: '0.17', days: [{ day: DAY, rtcMinutes: 17, recordingMinutes: 5, amount: '0.17' }] });
    const sum = (await h.svc('GET', `${U}/usages/daily/sum?from=${DAY}&to=${DAY}`)).json();
    expect(sum).toMatchObject({ rtcMinutes: 17, recordingMinutes: 5, apps: 1 });
    const top = (await h.svc('GET', `${U}/usages/daily/top?from=${DAY}&to=${DAY}&k=5`)).json();
    expect(top.items).toEqual([
      { room: 'arena', rtcMinutes: 13, recordingMinutes: 5, sessions: 2 },
      { room: 'lobby', rtcMinutes: 4, recordingMinutes: 0, sessions: 1 },
    ]);
  });

  it('computes a day again without billing it twice', async () => {
    const first = await h.svc('POST', `${U}/usages/daily/compute`, { from: DAY, to: DAY });
    expect(first.statusCode, first.body).toBe(200);
    await h.svc('POST', `${U}/usages/daily/compute`, { from: DAY, to: DAY });
    expect(first.json()).toMatchObject({ rtcMinutes: 17, recordingMinutes: 5 });
    const rows = await h.db.query<{ meter: string; quantity: string }>(
      "SELECT meter, quantity::text AS quantity FROM usage_daily WHERE app_id = $1 AND service = 'hello' ORDER BY meter",
      [h.appId],
    );
    expect(rows.rows).toEqual([
      { meter: 'recording', quantity: '5' },
      { meter: 'rtc', quantity: '17' },
    ]);
  });

  it("is on the organisation's usage bill at the declared prices", async () => {
    const cookie = await h.login();
    const org = (await h.db.query<{ org_id: string }>('SELECT org_id FROM apps WHERE app_id = $1', [h.appId])).rows[0].org_id;
    const res = await h.req({ method: 'GET', url: `/api/usage?orgId=${org}&start=2025-06-09T16:00:00Z&end=2025-06-10T16:00:00Z`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const series = res.json().Series.filter((s: { Service: string }) => s.Service === 'hello');
    expect(series).toEqual([
      { Period: DAY, Service: 'hello', Meter: 'recording', Quantity: '5', Units: '0.005' },
      { Period: DAY, Service: 'hello', Meter: 'rtc', Quantity: '17', Units: '0.017' },
    ]);
    // 0.017 × 7 = 0.119 → 0.12, and 0.005 × 9 = 0.045 → 0.05
    expect(res.json().Services.find((s: { Service: string }) => s.Service === 'hello').Amount).toBe('0.17');
  });
});
