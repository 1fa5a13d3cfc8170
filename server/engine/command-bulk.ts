import { refusedMessage } from '../../resources/action-call';
import type { ActionDecl, CommandDecl, JsonSchema } from '../../resources/types';
import type { Ctx } from '../context';
import { errorResponses, idParam, type Api } from './api';
import { parentsOwn } from './children';
import { ApiError, notFound } from './errors';
import { authorize, type Access } from './guard';
import type { ResourceModel } from './model';
import { deleteRecord } from './references';
import { audit } from './write';

/** Most records one bulk command changes. */
export const BULK_LIMIT = 1000;

export interface BulkReport {
  total: number;
  /** How many changed, under the declared `countKey` (default `done`). */
  [count: string]: unknown;
  failed: { id: string; code: string; message: string }[];
}

const bulkBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  properties: { ids: { type: 'array', minItems: 1, maxItems: BULK_LIMIT, uniqueItems: true, items: idParam } },
};

/** The state action a bulk command applies (`undefined` for `delete`); checked when the server starts. */
export function bulkAction(m: ResourceModel, command: CommandDecl): ActionDecl | undefined {
  const where = `${m.service.name}/${m.res.name}.${command.name}`;
  const apply = command.bulk?.apply;
  if (!apply) throw new Error(`${where}: a bulk command names what it applies (bulk.apply)`);
  if (apply === 'delete') {
    if (!m.res.operations.includes('delete')) throw new Error(`${where}: the resource has no delete`);
    return undefined;
  }
  const action = (m.res.actions ?? []).find((a) => a.name === apply);
  if (!action || action.implementedBy === 'service') throw new Error(`${where}: '${apply}' is not a state action the engine mounts`);
  if (((action.fields?.required as string[] | undefined) ?? []).length) throw new Error(`${where}: '${apply}' asks for fields, which a bulk command cannot give`);
  return action;
}

/**
 * Applies the change to one record as the one-record call does: the same state check and history entry, or the
 * same delete with its reference rules (a record still in use is refused, what it cascades to goes with it).
 */
async function applyOne(ctx: Ctx, access: Access, m: ResourceModel, action: ActionDecl | undefined, id: string): Promise<void> {
  if (!action) {
    await deleteRecord(ctx, access, m, id);
    return;
  }
  const before = await ctx.store.get(m, access.scopeId, id);
  const after = await ctx.store.update(m, access.scopeId, id, { status: action.to, fromStatus: action.from, refused: refusedMessage(action) });
  await audit(ctx, access, m, action.name, id, before, after);
}

/**
 * `POST <collection>/batch-<apply>` with `{ ids }`: the declared state action (or delete) applied to each record
 * on its own; the answer counts those changed and reports each id refused (not found, or not in an allowed state).
 */
export function mountBulk(api: Api, ctx: Ctx, m: ResourceModel, command: CommandDecl): void {
  const action = bulkAction(m, command);
  const countKey = command.bulk?.countKey ?? 'done';
  const what = action ? `${action.label.en.toLowerCase()} (those in ${action.from.join(' or ')} move to ${action.to})` : 'delete';
  api.route({
    method: 'POST',
    url: `${m.base}${command.path}`,
    summary: `${command.label.en}: ${what} each of several ${m.res.label.en.toLowerCase()}, reporting the ids refused`,
    tag: m.service.name,
    auth: 'service',
    access: m.res.access.write,
    body: bulkBody,
    responses: {
      200: {
        description: 'how many changed, and each id refused',
        schema: {
          type: 'object',
          required: ['total', countKey, 'failed'],
          properties: {
            total: { type: 'integer' },
            [countKey]: { type: 'integer' },
            failed: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } } } },
          },
        },
      },
      // A sub-resource's: 404 when the parent its path names is not there.
      ...errorResponses(400, 401, 403, ...(m.res.parent ? [404] : [])),
    },
    handler: async (req) => {
      const access = await authorize(ctx, req, m, 'write');
      const { ids } = req.body as { ids: string[] };
      const failed: BulkReport['failed'] = [];
      // A sub-resource's call reaches only the records of the parent its path names.
      const reached = access.parentId === undefined ? undefined : await parentsOwn(ctx, m, access.scopeId, access.parentId, ids);
      for (const id of ids) {
        try {
          if (reached && !reached.has(id)) throw notFound();
          await applyOne(ctx, access, m, action, id);
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          failed.push({ id, code: err.code, message: err.message });
        }
      }
      return { total: ids.length, [countKey]: ids.length - failed.length, failed };
    },
  });
}
