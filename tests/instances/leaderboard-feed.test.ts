/**
 * Leaderboard ranks through two instances: each answers ranks and pages from its own in-memory index, kept current by
 * the change feed (every score statement announces its rows at commit; the other instance reads them back). After
 * writes alternated between A and B, both answer what a brute-force reference ranks, once the notices are in (polled
 * up to the bound, never timed). A listener that had to reconnect reads its indexes again.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import { LEADERBOARDS_CHANNEL } from '../../server/services/passport/leaderboards/change-feed';
import { LB, ReferenceBoard, type SortOrder, type UpdateType } from '../api/passport-leaderboards-fixtures';
import { eventually, startTwoInstances, type Instance, type TwoInstances } from './two-instances';

let two: TwoInstances;

beforeAll(async () => {
  two = await startTwoInstances();
});

afterAll(async () => {
  await two?.close();
});

const call = async (i: Instance, method: 'GET' | 'POST', url: string, payload?: object): Promise<LightMyRequestResponse> =>
  i.req({ method, url, headers: { authorization: two.basic }, ...(payload ? { payload } : {}) });

let boards = 0;

async function createBoard(through: Instance, rules: Record<string, string>): Promise<string> {
  boards += 1;
  const res = await call(through, 'POST', LB, { name: `Feed ${boards}`, slugName: `feed-${boards}`, ...rules });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

const submit = async (through: Instance, board: string, member: string, score: number) => {
  const res = await call(through, 'POST', `${LB}/${board}/members/${member}/scores`, { score });
  expect(res.statusCode, res.body).toBe(200);
};

type Row = { rank: number; memberId: string; score: number };
const rankingOf = async (i: Instance, board: string): Promise<Row[]> => {
  const res = await call(i, 'GET', `${LB}/${board}/scores?count=1000`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { scores: Row[] }).scores.map(({ rank, memberId, score }) => ({ rank, memberId, score }));
};

/** Whether an instance answers the reference: the whole ranking, and each member's own standing (or 404). */
async function answersReference(i: Instance, board: string, members: string[], ref: ReferenceBoard): Promise<boolean> {
  const expected = ref.ranking();
  if (JSON.stringify(await rankingOf(i, board)) !== JSON.stringify(expected)) return false;
  for (const member of members) {
    const res = await call(i, 'GET', `${LB}/${board}/members/${member}/scores`);
    const want = expected.find((e) => e.memberId === member);
    if (!want) {
      if (res.statusCode !== 404) return false;
      continue;
    }
    const got = res.json() as { rank: number; score: number; total: number };
    if (res.statusCode !== 200 || got.rank !== want.rank || got.score !== want.score || got.total !== expected.length) return false;
  }
  return true;
}

/** Both instances answer the reference, within the feed's delivery (asked again until they do, or the tries run out). */
async function expectBoth(board: string, members: string[], ref: ReferenceBoard): Promise<void> {
  for (const i of [two.a, two.b]) {
    const agreed = await eventually(() => answersReference(i, board, members, ref));
    if (!agreed) expect(await rankingOf(i, board), `instance ${i.name}`).toEqual(ref.ranking());
    expect(agreed, `instance ${i.name}`).toBe(true);
  }
}

/** Member ids whose byte order differs from a case-insensitive one. */
const MEMBERS = ['a-1', 'a-2', 'B', 'M1', 'b_x', 'Z', 'a'];
/** Few members and a narrow score range, so that ties and repeated scores are common. */
const submissions = fc.array(fc.record({ member: fc.constantFrom(...MEMBERS), score: fc.integer({ min: -3, max: 3 }) }), { minLength: 1, maxLength: 30 });

describe.each([
  ['KeepBest', 'Desc'],
  ['KeepLatest', 'Asc'],
  ['Aggregate', 'Desc'],
] as [UpdateType, SortOrder][])('%s, %s, written through A and B in turn', (updateType, sortOrder) => {
  it('both instances rank like the reference, from indexes they held before the writes', async () => {
    await fc.assert(
      fc.asyncProperty(submissions, async (writes) => {
        const board = await createBoard(two.random(), { updateType, sortOrder, memberType: 'Entity' });
        // Both read the (empty) version into memory first: from then on only the feed can tell them of the writes.
        for (const i of [two.a, two.b]) expect(await rankingOf(i, board)).toEqual([]);
        const ref = new ReferenceBoard(updateType, sortOrder);
        for (const w of writes) {
          await submit(two.alternate(), board, w.member, w.score);
          ref.submit(w.member, w.score);
        }
        await expectBoth(board, MEMBERS, ref);
      }),
      { numRuns: 8 },
    );
  });
});

it("a player's scores cleared through A leave B's ranking", async () => {
  const players: string[] = [];
  for (const n of [1, 2]) {
    const res = await call(two.a, 'POST', `${passport.base}/users`, { name: `Feed player ${n}`, loginMethod: 'ServerSide', externalId: `feed-player-${n}` });
    expect(res.statusCode, res.body).toBe(201);
    players.push((res.json() as { id: string }).id);
  }
  const board = await createBoard(two.a, { updateType: 'KeepBest', sortOrder: 'Desc', memberType: 'Player' });
  const ref = new ReferenceBoard('KeepBest', 'Desc');
  for (const [i, p] of players.entries()) {
    await submit(i ? two.b : two.a, board, p, 10 * (i + 1));
    ref.submit(p, 10 * (i + 1));
  }
  await expectBoth(board, players, ref);
  const cleared = await call(two.a, 'POST', `${passport.base}/users/${players[1]}/leaderboard-scores/clear`);
  expect(cleared.statusCode, cleared.body).toBe(200);
  ref.remove(players[1]);
  await expectBoth(board, players, ref);
});

it('an instance whose notice connection was cut reads its indexes again once back (it may have missed notices)', async () => {
  const board = await createBoard(two.a, { updateType: 'KeepLatest', sortOrder: 'Desc', memberType: 'Entity' });
  const ref = new ReferenceBoard('KeepLatest', 'Desc');
  for (const [member, score] of [
    ['m-1', 5],
    ['m-2', 3],
  ] as const) {
    await submit(two.a, board, member, score);
    ref.submit(member, score);
  }
  await expectBoth(board, ['m-1', 'm-2'], ref);
  // A change no notice announces: each instance still answers the ranking it holds.
  await two.a.db.query(
    "UPDATE leaderboard_scores SET score = 9, rank_key = -9, revision = nextval('leaderboard_score_revision') WHERE board_id = $1 AND member_id = 'm-2'",
    [board],
  );
  ref.submit('m-2', 9);
  expect((await rankingOf(two.b, board)).map((r) => r.memberId)).toEqual(['m-1', 'm-2']);
  const cut = await two.a.db.query<{ ok: boolean }>('SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND query = $1', [
    `LISTEN ${LEADERBOARDS_CHANNEL}`,
  ]);
  expect(cut.rows).toEqual([{ ok: true }, { ok: true }]);
  for (const i of [two.a, two.b]) {
    expect(await eventually(async () => (await rankingOf(i, board))[0]?.memberId === 'm-2', 250), `instance ${i.name}`).toBe(true);
    expect(await answersReference(i, board, ['m-1', 'm-2'], ref)).toBe(true);
  }
});
