/** The behaviour of cloud saves' declared calls (`resources/save/calls.ts`): the console's, and the game client's under `/sdk`. */
import type { Ctx } from '../../context';
import { publicOrigin } from '../../auth/callers';
import { recordOperation } from '../../audit';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { badRequest, forbidden, notFound } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { downloadLink } from './grants';
import { saveModels, settingsFor, SERVICE } from './models';
import { setPicture } from './pictures';
import { jsonBytes } from './rules';
import { openUpload, type UploadRequest } from './uploads';
import { ownPlayer, writeSave, type SaveTarget } from './writes';

type WriteInput = SaveTarget & { data: Data };

/** The player a call acts for: the named one (app credential), or the token's own (another one named: 403). */
const playerOf = (call: CallInput) => (call.player ? ownPlayer(call.player.userId, call.input.playerId) : String(call.input.playerId));

export function saveCallHandlers(ctx: Ctx): CallHandlers {
  const m = saveModels(ctx);

  const write = async (call: CallInput) => {
    const input = call.input as unknown as WriteInput;
    const playerId = playerOf(call);
    const size = jsonBytes(input.data);
    const { maxJsonBytes } = await settingsFor(ctx, ctx.db, call.scopeId);
    if (size > maxJsonBytes) throw badRequest([{ field: '/data', message: `a JSON slot holds at most ${maxJsonBytes} bytes` }]);
    return writeSave(ctx, call.scopeId, call.actor, { ...input, playerId }, { kind: 'json', data: input.data, size });
  };

  /** One of the token's player's saves: another player's is refused (403), a missing one 404. */
  const ownSave = async (call: CallInput) => {
    const found = await records(ctx.db, m.saves).maybe(call.scopeId, call.params.id);
    if (!found) throw notFound('no such save');
    if (found.playerId !== call.player!.userId) throw forbidden("the save is another player's");
    return found;
  };

  const saveLink = (call: CallInput, s: Data) => downloadLink(ctx, publicOrigin(ctx, call.req), call.scopeId, 'saves', String(s.id));
  const pictureLinks = async (call: CallInput, p: Data) => {
    const origin = publicOrigin(ctx, call.req);
    const content = await downloadLink(ctx, origin, call.scopeId, 'pfps', String(p.id));
    const thumbnail = await downloadLink(ctx, origin, call.scopeId, 'pfps', String(p.id), 'thumbnail');
    return { url: content.url, thumbnailUrl: thumbnail.url, expiresAt: content.expiresAt };
  };
  const upload = (target: 'save' | 'pfp') => async (call: CallInput) =>
    openUpload(ctx, call.req, call.scopeId, target, { ...(call.input as unknown as UploadRequest), playerId: playerOf(call) });
  const picture = async (call: CallInput) => setPicture(ctx, call.scopeId, call.actor, playerOf(call), call.file!);

  return {
    'saves.write': write,
    'sdk.write': write,
    'saves.uploadToken': upload('save'),
    'sdk.uploadToken': upload('save'),
    'pfps.uploadToken': upload('pfp'),
    'sdk.pfpUploadToken': upload('pfp'),
    'pfps.create': picture,
    'sdk.pfp': picture,
    'saves.downloadUrl': async (call) => saveLink(call, call.record!),
    'sdk.downloadUrl': async (call) => saveLink(call, await ownSave(call)),
    'pfps.links': async (call) => pictureLinks(call, call.record!),
    'sdk.pfpLinks': async (call) => {
      const p = await records(ctx.db, m.pfps).first(call.scopeId, { where: { playerId: call.params.playerId } });
      if (!p) throw notFound('the player has no profile picture');
      return pictureLinks(call, p);
    },
    'sdk.show': async (call) => ownSave(call),
    'sdk.delete': async (call) => {
      const s = await ownSave(call);
      await records(ctx.db, m.saves).remove(call.scopeId, { id: String(s.id) });
      await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.saves.delete`, target: String(s.id), before: s });
      return s;
    },
  };
}
