import type { JsonSchema, LookupDecl, ResourceDecl, ServiceDecl } from '../../resources/types';
import type { Ctx } from '../context';
import { errorResponses, listAnswer, type Api } from './api';
import { authorize } from './guard';
import type { ResourceModel } from './model';
import { records } from './query';
import { RECORD_FIELDS } from './where';


/** Start-up check of a resource's lookups: one kind each, over fields of the resource. */
export function checkLookups(service: ServiceDecl, res: ResourceDecl): void {
  const props = (res.schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const l of res.lookups ?? []) {
    const where = `${service.name}/${res.name}: lookup ${l.path}`;
    if (!l.fields === !l.groupBy) throw new Error(`${where}: give either fields or groupBy`);
    for (const f of [...(l.fields ?? []), l.groupBy, l.orderBy].filter((f): f is string => !!f)) {
      if (!(f in props) && !RECORD_FIELDS.includes(f)) throw new Error(`${where}: '${f}' is not a field of the resource`);
    }
    if (l.enumerate && !Array.isArray(props[l.groupBy ?? '']?.enum)) throw new Error(`${where}: enumerate needs an enum field`);
  }
}

/** What one lookup answers in a scope. */
export async function lookup(ctx: Ctx, m: ResourceModel, l: LookupDecl, scopeId: string): Promise<Record<string, unknown>[]> {
  const q = records(ctx.db, m);
  if (l.fields) {
    const found = await q.find(scopeId, { orderBy: l.orderBy ?? 'createdAt' });
    return found.map((r) => Object.fromEntries(l.fields!.map((f) => [f, r[f]])));
  }
  const field = l.groupBy!;
  const as = l.as ?? 'name';
  const where = l.keepEmpty || l.enumerate ? undefined : { [field]: { $exists: true, $ne: '' } };
  const groups = await q.aggregate(scopeId, { where, groupBy: { [as]: field }, measures: { count: ['count'] }, orderBy: [as] });
  if (!l.enumerate) return groups;
  const counts = new Map(groups.map((g) => [g[as], Number(g.count)]));
  const values = ((m.res.schema.properties as Record<string, JsonSchema>)[field].enum ?? []) as string[];
  return values.map((v) => ({ [as]: v, count: counts.get(v) ?? 0 }));
}

/** Mounts a resource's declared lookups (`ResourceDecl.lookups`), each read with the resource's read access. */
export function mountLookups(api: Api, ctx: Ctx, m: ResourceModel): void {
  for (const l of m.res.lookups ?? []) {
    api.route({
      method: 'GET',
      url: `${m.service.base}${l.path}`,
      summary: l.summary,
      tag: m.service.name,
      auth: 'service',
      access: m.res.access.read,
      responses: { 200: listAnswer(l.listKey), ...errorResponses(401, 403) },
      handler: async (req) => {
        const { scopeId } = await authorize(ctx, req, m, 'read');
        const items = await lookup(ctx, m, l, scopeId);
        return { total: items.length, [l.listKey]: items };
      },
    });
  }
}
