/**
 * Leaderboard ranks against a brute-force reference: random submissions for every update type and sort order,
 * then a reset and more submissions. The API's top-N, pages, every member's rank, and the archived version's
 * history must equal the reference ranking — both as kept up to date in memory and as read back from the database.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateOf } from '../../server/services/passport/leaderboards/state';
import { createBoard, LB, ReferenceBoard, submit, type SortOrder, type UpdateType } from './passport-leaderboards-fixtures';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** Member ids whose byte order differs from a case-insensitive one ('M…' and 'Z' before 'a…'). */
const MEMBERS = ['a-1', 'a-2', 'B', 'M1', 'b_x', 'Z', 'a'];

/** Few members and a narrow score range, so that ties and repeated scores are common. */
const submissions = fc.array(fc.record({ member: fc.constantFrom(...MEMBERS), score: fc.integer({ min: -3, max: 3 }) }), { maxLength: 40, size: 'max' });

async function ranking(url: string, query = 'count=1000') {
  const res = await h.svc('GET', `${url}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; start: number; scores: { rank: number; memberId: string; score: number }[] };
}

const strip = (rows: { rank: number; memberId: string; score: number }[]) => rows.map(({ rank, memberId, score }) => ({ rank, memberId, score }));

/** Every view of one version agrees with the reference: whole ranking, top 3, a middle page, each member's rank. */
async function expectVersion(boardId: string, version: number, current: boolean, ref: ReferenceBoard) {
  const expected = ref.ranking();
  const base = current ? `${LB}/${boardId}/scores` : `${LB}/${boardId}/versions/${version}/scores`;
  const all = await ranking(base);
  expect(all.total).toBe(expected.length);
  expect(strip(all.scores)).toEqual(expected);
  expect(strip((await ranking(base, 'count=3')).scores)).toEqual(expected.slice(0, 3));
  expect(strip((await ranking(base, 'count=2&start=2')).scores)).toEqual(expected.slice(2, 4));
  for (const member of MEMBERS) {
    const res = await h.svc('GET', `${LB}/${boardId}/members/${member}/scores?version=${version}`);
    const want = expected.find((e) => e.memberId === member);
    if (!want) {
      expect(res.statusCode).toBe(404);
      continue;
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rank: want.rank, score: want.score, version, total: expected.length });
    // A page around the member holds them, and is a run of the ranking.
    const around = await ranking(base, `count=3&memberId=${member}`);
    expect(around.scores.map((s) => s.memberId)).toContain(member);
    expect(strip(around.scores)).toEqual(expected.slice(around.start, around.start + around.scores.length));
  }
}

describe.each([
  ['KeepBest', 'Desc'],
  ['KeepBest', 'Asc'],
  ['KeepLatest', 'Desc'],
  ['KeepLatest', 'Asc'],
  ['Aggregate', 'Desc'],
  ['Aggregate', 'Asc'],
] as [UpdateType, SortOrder][])('%s, %s', (updateType, sortOrder) => {
  it('ranks like the reference, before and after a reset, in memory and as reloaded', async () => {
    await fc.assert(
      fc.asyncProperty(submissions, submissions, async (first, second) => {
        const board = await createBoard(h, { updateType, sortOrder, memberType: 'Entity' });
        const before = new ReferenceBoard(updateType, sortOrder);
        for (const s of first) {
          expect((await submit(h, board.id, s.member, s.score)).statusCode).toBe(200);
          before.submit(s.member, s.score);
        }
        await expectVersion(board.id, 1, true, before);

        const reset = await h.svc('POST', `${LB}/${board.slugName}/reset`);
        expect(reset.statusCode, reset.body).toBe(200);
        expect(reset.json()).toMatchObject({ archivedVersion: 1, currentVersion: 2, memberCount: before.ranking().length });

        const after = new ReferenceBoard(updateType, sortOrder);
        for (const s of second) {
          expect((await submit(h, board.id, s.member, s.score)).statusCode).toBe(200);
          after.submit(s.member, s.score);
        }
        await expectVersion(board.id, 2, true, after);
        await expectVersion(board.id, 1, false, before);

        // The same answers from the database alone: forget what this server kept in memory.
        const { indexes } = stateOf(h.ctx);
        indexes.drop(board.id, 1);
        indexes.drop(board.id, 2);
        await expectVersion(board.id, 2, true, after);
        await expectVersion(board.id, 1, false, before);
      }),
      { numRuns: 10 },
    );
  });
});
