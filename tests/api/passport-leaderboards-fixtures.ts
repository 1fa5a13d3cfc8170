/**
 * Helpers for the leaderboards tests: boards and players made through the API, and a reference ranking written
 * from the rules as stated (not from the server's code) to compare the server's answers with.
 */
import { issuePlayerToken } from '../../server/services/passport/players/principal';
import type { Harness } from './harness';
import { passport } from '../../resources/passport';

const B = passport.base;

export const LB = `${B}/leaderboards`;
export const SDK = `${B}/sdk/leaderboards`;

let boards = 0;

/** A leaderboard with a fresh slug; `over` replaces any of the defaults. */
export async function createBoard(h: Harness, over: Record<string, unknown> = {}, authorization = h.basic) {
  boards += 1;
  const body = { name: `Board ${boards}`, slugName: `board-${boards}`, updateType: 'KeepBest', memberType: 'Entity', sortOrder: 'Desc', ...over };
  const res = await h.req({ method: 'POST', url: LB, payload: body, headers: { authorization } });
  if (res.statusCode !== 201) throw new Error(`create board: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; slugName: string; version: number } & Record<string, unknown>;
}

let users = 0;

/** A player of the app the credential belongs to, and a player token for them. */
export async function createPlayer(h: Harness, appId = h.appId, authorization = h.basic) {
  users += 1;
  const res = await h.req({
    method: 'POST',
    url: `${B}/users`,
    payload: { name: `Player ${users}`, loginMethod: 'ServerSide', externalId: `lb-player-${users}` },
    headers: { authorization },
  });
  if (res.statusCode !== 201) throw new Error(`create user: ${res.statusCode} ${res.body}`);
  const id = res.json().id as string;
  const { token } = await issuePlayerToken(h.db, appId, id);
  return { id, bearer: `Bearer ${token}` };
}

/** A call with a player token. */
export const asPlayer = (h: Harness, bearer: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  h.req({ method, url, headers: { authorization: bearer }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A server-side submission with the demo app's credential. */
export const submit = (h: Harness, board: string, member: string, score: number) => h.svc('POST', `${LB}/${board}/members/${member}/scores`, { score });

export type UpdateType = 'KeepBest' | 'KeepLatest' | 'Aggregate';
export type SortOrder = 'Asc' | 'Desc';

interface Kept {
  score: number;
  /** When the member reached the kept score: the number of the submission that set it. */
  reached: number;
}

/**
 * The ranking the rules describe: KeepBest keeps the better score by the sort order, KeepLatest the last one,
 * Aggregate the sum; a member's reached time moves only when their kept score changes. Best first by score in
 * the sort order, then the earlier reached time, then the member id in byte order.
 */
export class ReferenceBoard {
  private readonly kept = new Map<string, Kept>();
  private submissions = 0;

  constructor(
    private readonly updateType: UpdateType,
    private readonly sortOrder: SortOrder,
  ) {}

  submit(member: string, score: number): void {
    this.submissions += 1;
    const now = this.submissions;
    const old = this.kept.get(member);
    if (!old) {
      this.kept.set(member, { score, reached: now });
      return;
    }
    let next: number;
    if (this.updateType === 'KeepBest') next = (this.sortOrder === 'Desc' ? score > old.score : score < old.score) ? score : old.score;
    else if (this.updateType === 'KeepLatest') next = score;
    else next = old.score + score;
    if (next !== old.score) this.kept.set(member, { score: next, reached: now });
  }

  remove(member: string): void {
    this.kept.delete(member);
  }

  /** Members best first, with 1-based ranks. */
  ranking(): { rank: number; memberId: string; score: number }[] {
    const better = (a: [string, Kept], b: [string, Kept]) => {
      if (a[1].score !== b[1].score) return this.sortOrder === 'Desc' ? b[1].score - a[1].score : a[1].score - b[1].score;
      if (a[1].reached !== b[1].reached) return a[1].reached - b[1].reached;
      return Buffer.compare(Buffer.from(a[0]), Buffer.from(b[0]));
    };
    return [...this.kept].sort(better).map(([memberId, k], i) => ({ rank: i + 1, memberId, score: k.score }));
  }
}
