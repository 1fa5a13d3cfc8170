/**
 * Profile revisions: each one's number in its profile, CPU in millicores and memory (spec 001 §9), and the environment
 * a server receives (names normalised, spec 001 §5), worked out on every write; release (one released revision per
 * profile, the one before retired) moves the profile's pointer in the same transaction.
 */
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallInput } from '../../engine/declared-calls';
import { badRequest, conflict } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { memoryMiBOf, millicoresOf, normaliseEnvName } from '../../../resources/multiverse/rules';
import { multiverseModels, SERVICE } from './models';

export const revisionHooks: ResourceHooks = {
  validate: ({ data }) => {
    const ports = (data.ports ?? []) as { name: string; port: number; protocol?: string }[];
    const seen = new Set<string>();
    const errors = [];
    for (const [i, p] of ports.entries()) {
      if (seen.has(p.name)) errors.push({ field: `/ports/${i}/name`, message: 'two ports have this name' });
      seen.add(p.name);
    }
    return errors;
  },
  derive: async ({ ctx, scopeId, data, existing }) => {
    const millicores = millicoresOf(Number(data.cpu ?? 0.1));
    const environment = Object.fromEntries(((data.env ?? []) as { name: string; value?: string }[]).map((e) => [normaliseEnvName(e.name), e.value ?? '']));
    const out: Data = { millicores, memoryMiB: memoryMiBOf(millicores), environment };
    if (!existing) {
      const m = multiverseModels(ctx);
      out.revision = (await records(ctx.db, m.revisions).count(scopeId, { profileId: String(data.profileId) })) + 1;
    }
    return out;
  },
};

/** `POST /profile-revisions/:id/release`. */
export async function releaseRevision(ctx: Ctx, call: CallInput): Promise<Data> {
  const m = multiverseModels(ctx);
  const scopeId = call.scopeId;
  const id = call.params.id;
  const released = await ctx.db.transaction(async (tx) => {
    const rev = await records(tx, m.revisions).get(scopeId, id, { lock: 'update' });
    if (!['draft', 'retired'].includes(String(rev.status))) throw conflict('INVALID_TRANSITION', 'only a draft or retired revision can be released');
    const image = await records(tx, m.images).maybe(scopeId, String(rev.imageId));
    if (image?.status !== 'success') throw badRequest([{ field: '/imageId', message: 'the image is not built' }], 'the image is not built');
    await records(tx, m.revisions).update(scopeId, { profileId: String(rev.profileId), status: 'released' }, { status: 'retired' });
    const now = new Date().toISOString();
    const [hit] = await records(tx, m.revisions).update(scopeId, { id }, { status: 'released', set: { releasedAt: now } });
    await records(tx, m.profiles).update(scopeId, { id: String(rev.profileId) }, { set: { releasedRevisionId: id, releasedRevision: rev.revision } });
    return hit.record;
  });
  await recordOperation(ctx.db, { actor: call.actor, appId: scopeId, action: `${SERVICE}.profile-revisions.release`, target: id });
  return released;
}
