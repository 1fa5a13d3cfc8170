/**
 * A match of a config on a Sync room profile (`syncProfileId`): a room made on the profile through Sync's own
 * `createRoom` (its limits, the app's limits and the relay's allocation as for any room), each player of the match
 * given a seat through Sync's own `join`, then the tickets told the room, their player's seat token and the relay's
 * address. A room that could not be made, or a seat that could not be had, throws: the matchmaker fails the match
 * with the reason (`tick.ts`), and a room made for it is closed.
 */
import { ROOM } from '../../../resources/usync/resources';
import type { Ctx } from '../../context';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { closeRoom } from '../usync/rooms';
import { profilesOf } from '../usync/models';
import { createRoom } from '../usync/service-calls';
import { join } from '../usync/seats';
import { matchModels } from './models';

/** Who Sync's history names as making a match's room and its seats. */
export const MATCHMAKER = 'system:match';

/** The seats of the match's players in a new room of the profile; throws with the reason when there is none. */
export async function seatInRoom(ctx: Ctx, scopeId: string, config: Data, match: Data): Promise<void> {
  const m = matchModels(ctx);
  const matchId = String(match.id);
  const profileId = String(config.syncProfileId);
  if (!(await profilesOf(ctx).maybe(scopeId, profileId))) throw new Error('no such room profile');
  const room = await createRoom(ctx, scopeId, { profileId, name: `match ${matchId}`, customProperties: { matchId, configId: String(config.id) } }, MATCHMAKER);
  const roomId = String(room.id);
  if (room.status !== ROOM.ready) throw new Error(String(room.statusReason || 'the room was not made'));
  const tickets = await records(ctx.db, m.tickets).find(scopeId, { where: { matchId, status: 'matched' }, limit: Number(match.players ?? 0) + 1 });
  const seats: { ticketId: string; set: Data }[] = [];
  try {
    for (const t of tickets) {
      const seat = await join(ctx, scopeId, roomId, String(t.playerId), 'service');
      seats.push({ ticketId: String(t.id), set: { roomId, seatToken: seat.token, relayUrl: seat.relayUrl } });
    }
  } catch (e) {
    await closeRoom(ctx, scopeId, roomId, 'its match could not be seated', MATCHMAKER);
    throw e;
  }
  const [ready] = await records(ctx.db, m.matches).update(scopeId, { id: matchId, status: 'allocating' }, { status: 'ready', set: { roomId } });
  // The match failed meanwhile (a sweep of stuck matches): its room is not needed.
  if (!ready) {
    await closeRoom(ctx, scopeId, roomId, 'its match ended before its players were seated', MATCHMAKER);
    return;
  }
  for (const s of seats) await records(ctx.db, m.tickets).update(scopeId, { id: s.ticketId, status: 'matched' }, { status: 'found', set: s.set });
}
