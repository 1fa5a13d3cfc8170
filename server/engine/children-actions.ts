import type { Ctx } from '../context';
import type { CallHandler } from './declared-calls';
import type { ResourceModel } from './model';
import { records } from './query';
import { auditIn } from './write';

/**
 * The behaviour of a command on one record that applies a declared state action of its children
 * (`ResourceDecl.children`) to every child in the action's `from` states: a category's products published at once.
 * Each child moves as the action moves one record, with its history entry, all in one transaction; the answer is
 * `{ <countKey>: how many moved }`. Refused when the server starts unless `child` is a child of `parent` and
 * `action` a state action the engine makes.
 */
export function childrenAction(ctx: Ctx, parent: ResourceModel, child: string, action: string, countKey = 'updated'): CallHandler {
  const where = `${parent.service.name}/${parent.res.name}: children's action ${child}.${action}`;
  const link = (parent.res.children ?? []).find((c) => c.resource === child);
  const m = ctx.models.get(`${parent.service.name}/${child}`);
  const declared = m?.res.actions?.find((a) => a.name === action && a.implementedBy !== 'service');
  if (!link || !m || !declared) throw new Error(`${where}: not a child's state action`);
  const status = m.res.status!.field;
  return ({ scopeId, actor, record }) =>
    ctx.db.transaction(async (tx) => {
      const hit = { [link.field]: String(record!.id), [status]: { $in: declared.from } };
      const moved = await records(tx, m).update(scopeId, hit, { status: declared.to });
      for (const { before: was, record: after } of moved) {
        const before = { ...after, [status]: was, version: Number(after.version) - 1 };
        await auditIn(tx, { scopeId, principal: { actor } }, m, declared.name, String(after.id), before, after);
      }
      return { [countKey]: moved.length };
    });
}
