import type { CommandDecl, JsonSchema } from '../../resources/types';
import type { Ctx } from '../context';
import { versionBody } from './actions';
import { errorResponses, type Api } from './api';
import { itemParams } from './children';
import { authorize } from './guard';
import type { ResourceModel } from './model';
import { records } from './query';
import type { Data } from './store';
import { answerFor, auditIn, idOf } from './write';

/** Checks a `choose` command at start-up: its field is a boolean of the schema, its states the resource's. */
export function checkChoose(m: ResourceModel, command: CommandDecl): void {
  const where = `${m.service.name}/${m.res.name}.${command.name}`;
  const choose = command.choose;
  const field = choose && ((m.res.schema.properties ?? {}) as Record<string, JsonSchema>)[choose.field];
  if (!field || field.type !== 'boolean') throw new Error(`${where}: a choose command names a boolean field of the schema (choose.field)`);
  const unknown = (choose.from ?? []).filter((s) => !(m.res.status && s in m.res.status.values));
  if (unknown.length) throw new Error(`${where}: no state ${unknown.join(', ')}`);
}

/**
 * `POST <item><path>` (optional body `{ version }`): the record's `choose.field` becomes true, every other record of
 * the scope that has it true becomes false, in one transaction (the others locked), each change in the history (the
 * command's name for the record, `choose.replaced`'s for the others). Answers the record.
 */
export function mountChoose(api: Api, ctx: Ctx, m: ResourceModel, command: CommandDecl): void {
  checkChoose(m, command);
  const { field, from, refused, replaced } = command.choose!;
  const one = m.res.singular.en;
  api.route({
    method: 'POST',
    url: `${m.base}/:${m.idParam}${command.path}`,
    summary: `${command.label.en}: this ${one} becomes the chosen one (${field}); the one chosen before no longer is`,
    tag: m.service.name,
    auth: 'service',
    access: m.res.access.write,
    params: itemParams(m),
    optionalBody: versionBody,
    responses: { 200: { description: one, schema: m.recordSchema }, ...errorResponses(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const access = await authorize(ctx, req, m, 'write');
      const id = await ctx.store.resolveId(m, access.scopeId, idOf(req, m));
      const version = (req.body as Data | undefined)?.version as number | undefined;
      const chosen = await ctx.db.transaction(async (tx) => {
        const q = records(tx, m);
        const before = await q.get(access.scopeId, id);
        const after = await q.updateOne(access.scopeId, id, { set: { [field]: true } }, { version, from, refused });
        await auditIn(tx, access, m, command.name, id, before, after);
        for (const was of await q.find(access.scopeId, { where: { id: { $ne: id }, [field]: true }, lock: 'update' })) {
          const now = await q.updateOne(access.scopeId, String(was.id), { set: { [field]: false } });
          await auditIn(tx, access, m, replaced.name, String(was.id), was, now);
        }
        return after;
      });
      return answerFor(access, m, chosen);
    },
  });
}
