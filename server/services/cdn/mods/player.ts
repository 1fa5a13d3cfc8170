/**
 * The game client's mod calls (a passport player token): create a mod, add a version of its files, submit it for
 * review, report another's. Each state move is one of the declaration's `MOD_PLAYER_MOVES`, applied with its state
 * check and refusal in the same statement as the change.
 */
import type { ActionDecl } from '../../../../resources/types';
import { MOD_PLAYER_MOVES } from '../../../../resources/cdn/mods';
import { refusedMessage } from '../../../../resources/action-call';
import { recordOperation } from '../../../audit';
import { modelOf, type Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import type { CallInput } from '../../../engine/declared-calls';
import { badRequest, conflict, notFound } from '../../../engine/errors';
import { uploadCalls } from '../uploads';
import { records, type Change } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { checkEntries, contentProblems, type ModEntry } from './entries';

const SERVICE = 'asset-streaming';
export const modsModel = (ctx: Ctx) => modelOf(ctx, SERVICE, 'mods');
export const versionsModel = (ctx: Ctx) => modelOf(ctx, SERVICE, 'mod-versions');

function playerOf(call: CallInput) {
  if (!call.player) throw new Error('not a player call');
  return call.player;
}

/** The player's own mod the path names (404 for another player's, as for none). */
async function ownMod(ctx: Ctx, q: Queryable, call: CallInput, lock = false): Promise<Data> {
  const mod = await records(q, modsModel(ctx)).maybe(call.scopeId, call.params.modId, lock ? 'update' : undefined);
  if (!mod || mod.authorId !== playerOf(call).userId) throw notFound('no such mod');
  return mod;
}

/** Moves a mod by a declared move, with what comes with it; 409 with the move's refusal from another state. */
async function move(ctx: Ctx, q: Queryable, call: CallInput, id: string, action: ActionDecl, change: Omit<Change, 'status'> = {}): Promise<Data> {
  const m = modsModel(ctx);
  const before = await records(q, m).get(call.scopeId, id, { message: 'no such mod' });
  const after = await records(q, m).updateOne(call.scopeId, id, { ...change, status: action.to }, { from: action.from, refused: refusedMessage(action) });
  await recordOperation(q, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.mods.${action.name}`, target: id, before, after });
  return after;
}

export async function createMod(ctx: Ctx, call: CallInput): Promise<Data> {
  const { name, description } = call.input as { name: string; description?: string };
  const data = { name, ...(description === undefined ? {} : { description }), authorId: playerOf(call).userId, currentVersion: 0, entryCount: 0, totalSize: 0, reports: 0 };
  const created = await records(ctx.db, modsModel(ctx)).insert(call.scopeId, data);
  await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.mods.create`, target: String(created.id), after: created });
  return created;
}

/** An upload of a file for the player's own mod (not taken down): the console's upload token, as the player. */
export async function uploadForMod(ctx: Ctx, call: CallInput): Promise<unknown> {
  const mod = await ownMod(ctx, ctx.db, call);
  if (mod.status === 'down') throw conflict('INVALID_TRANSITION', MOD_PLAYER_MOVES.edit.refused);
  return uploadCalls(ctx)['entries.uploadToken'](call);
}

/** A new version of the player's mod: numbered after the last, the mod's current one from now on, back in editing. */
export function addVersion(ctx: Ctx, call: CallInput): Promise<Data> {
  const { note, entries } = call.input as { note?: string; entries: ModEntry[] };
  return ctx.db.transaction(async (tx) => {
    // Locked, so two versions added at once are numbered one after the other.
    const mod = await ownMod(ctx, tx, call, true);
    const problems = [...checkEntries(entries), ...(await contentProblems(tx, entries))];
    if (problems.length) throw badRequest(problems);
    const v = Number(mod.currentVersion ?? 0) + 1;
    const totalSize = entries.reduce((sum, e) => sum + e.contentSize, 0);
    const summary = { currentVersion: v, entryCount: entries.length, totalSize };
    await move(ctx, tx, call, String(mod.id), MOD_PLAYER_MOVES.edit, { set: summary, unset: ['submittedAt'] });
    const data = { modId: mod.id, v, ...(note === undefined ? {} : { note }), entryCount: entries.length, totalSize, entries };
    const version = await records(tx, versionsModel(ctx)).insert(call.scopeId, data, { parentId: String(mod.id) });
    await recordOperation(tx, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.mod-versions.create`, target: String(version.id), after: version });
    return version;
  });
}

/** The player's mod in editing goes to review; a mod without a version has nothing to review (400). */
export async function submitMod(ctx: Ctx, call: CallInput): Promise<Data> {
  const mod = await ownMod(ctx, ctx.db, call);
  if (!Number(mod.currentVersion)) throw badRequest([{ field: '/modId', message: 'add a version before submitting' }], 'add a version before submitting');
  return move(ctx, ctx.db, call, String(mod.id), MOD_PLAYER_MOVES.submit, { set: { submittedAt: new Date().toISOString() } });
}

/** Any player of the app may report an approved mod (again while it is reported): it waits for the console. */
export async function reportMod(ctx: Ctx, call: CallInput): Promise<Data> {
  const { reason } = call.input as { reason: string };
  return move(ctx, ctx.db, call, call.params.modId, MOD_PLAYER_MOVES.report, { set: { reportReason: reason }, add: { reports: 1 } });
}
