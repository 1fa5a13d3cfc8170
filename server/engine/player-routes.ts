import type { FastifyRequest } from 'fastify';
import type { JsonSchema, PlayerReadDecl, ResourceDecl, ServiceDecl } from '../../resources/types';
import type { Ctx } from '../context';
import { errorResponses, listAnswer, pageProperties, pageQuery, type Api, type ResponseDef } from './api';
import type { PlayerCaller, PlayerPrincipal } from './hooks';
import type { ResourceModel } from './model';
import { records, type Where } from './query';
import { fixedWhere, RECORD_FIELDS } from './where';
import type { Data } from './store';

/** Fields a player read may name besides the schema's properties. */

/** Start-up check of a resource's player reads: every field they name is the resource's, and paths are unique. */
export function checkPlayerReads(service: ServiceDecl, res: ResourceDecl): void {
  const props = (res.schema.properties ?? {}) as Record<string, JsonSchema>;
  const where = `${service.name}/${res.name}`;
  for (const read of res.player ?? []) {
    const orderBy = Array.isArray(read.orderBy) ? read.orderBy : [read.orderBy];
    const owner = read.owner === 'app' ? {} : read.owner;
    const fields = [...Object.keys(owner), ...Object.keys(read.where ?? {}), ...(read.filters ?? []), ...orderBy.map((o) => o.replace(/^-/, ''))];
    for (const f of fields) {
      if (!(f in props) && !RECORD_FIELDS.includes(f)) throw new Error(`${where}: player read ${read.path} names '${f}', not a field of the resource`);
    }
    if (!Object.keys(owner).length && read.owner !== 'app') throw new Error(`${where}: player read ${read.path} has no owner field`);
    if (read.search && !res.list.search?.length) throw new Error(`${where}: player read ${read.path} searches, but the list declares no search fields`);
    if (!read.path.startsWith('/')) throw new Error(`${where}: player read path '${read.path}' must start with /`);
    checkAlongside(service, `${where}: player read ${read.path}`, read);
  }
}

/** The records a read answers beside its list: resources of the service, ordered by their own fields. */
function checkAlongside(service: ServiceDecl, where: string, read: PlayerReadDecl): void {
  for (const [key, beside] of Object.entries(read.alongside ?? {})) {
    const res = service.resources.find((r) => r.name === beside.resource);
    if (!res) throw new Error(`${where}: '${key}' names no resource of the service`);
    if (key === read.listKey || key === 'total') throw new Error(`${where}: '${key}' is already a key of the answer`);
    const props = (res.schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const f of (Array.isArray(beside.orderBy) ? beside.orderBy : [beside.orderBy]).map((o) => o.replace(/^-/, ''))) {
      if (!(f in props) && !RECORD_FIELDS.includes(f)) throw new Error(`${where}: '${key}' is ordered by '${f}', not its field`);
    }
  }
}

/** The answer's schema: the page of the read's records, and the records it answers beside them. */
function answerOf(ctx: Ctx, m: ResourceModel, read: PlayerReadDecl): ResponseDef {
  const page = listAnswer(read.listKey, m.recordSchema);
  const beside = Object.entries(read.alongside ?? {}).map(([key, b]) => {
    const rows = ctx.models.get(`${m.service.name}/${b.resource}`)!.recordSchema;
    return [key, { type: 'array', maxItems: b.limit, items: rows }];
  });
  if (!beside.length) return page;
  const { properties, required } = page.schema as { properties: object; required: string[] };
  const keys = beside.map(([k]) => k);
  const schema = { ...page.schema, required: [...required, ...keys], properties: { ...properties, ...Object.fromEntries(beside) } };
  return { ...page, schema };
}

/** The records answered beside the list, by key. */
async function alongside(ctx: Ctx, m: ResourceModel, read: PlayerReadDecl, scopeId: string): Promise<Record<string, Data[]>> {
  const found = Object.entries(read.alongside ?? {}).map(async ([key, b]) => {
    const rows = ctx.models.get(`${m.service.name}/${b.resource}`)!;
    return [key, await records(ctx.db, rows).find(scopeId, { orderBy: b.orderBy, limit: b.limit })] as const;
  });
  return Object.fromEntries(await Promise.all(found));
}

/** The query filters of a read, each with its field's own schema (without defaults or console hints). */
function filterSchemas(m: ResourceModel, read: PlayerReadDecl): Record<string, JsonSchema> {
  const props = (m.res.schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    (read.filters ?? []).map((f) => {
      const { default: _d, readOnly: _r, 'x-ui': _x, title: _t, ...s } = props[f];
      return [f, s];
    }),
  );
}

/** The condition that confines a read to the player's own records and to what it declares. */
export function playerWhere(read: PlayerReadDecl, player: PlayerCaller, query: Record<string, unknown>, search?: string[]): Where {
  const where: Where = {};
  const alternatives: Where[] = [];
  for (const [field, who] of Object.entries(read.owner === 'app' ? {} : read.owner)) {
    if (who === 'user') where[field] = player.userId;
    else if (who === 'persona') where[field] = player.personaId;
    else alternatives.push({ $or: [{ [field]: null }, { [field]: player.personaId }] });
  }
  Object.assign(where, fixedWhere(read.where));
  for (const f of read.filters ?? []) if (query[f] !== undefined) where[f] = query[f] as string;
  if (read.search && query.q) alternatives.push({ $or: (search ?? []).map((f) => ({ [f]: { $search: String(query.q) } })) });
  return alternatives.length ? { ...where, $and: alternatives } : where;
}

const paging = ({ paging: p }: PlayerReadDecl) => (p ? pageProperties(p.max, p.count, p.lastStart) : pageProperties());

const needsPersona = (read: PlayerReadDecl) => read.persona === true || (read.owner !== 'app' && Object.values(read.owner).includes('persona'));

/**
 * Mounts a resource's declared player reads (`ResourceDecl.player`): the player comes from the principal the
 * service registered, and every answer holds only that player's records of their app.
 */
export function mountPlayerReads(api: Api, ctx: Ctx, principal: PlayerPrincipal | undefined, m: ResourceModel): void {
  const reads = m.res.player ?? [];
  if (!reads.length) return;
  if (!principal) throw new Error(`${m.service.name}/${m.res.name}: player reads declared but no player principal registered`);
  for (const read of reads) {
    const filters = { ...filterSchemas(m, read), ...(read.search ? { q: { type: 'string', maxLength: read.search } } : {}) };
    api.route({
      method: 'GET',
      url: `${m.service.base}${read.path}`,
      summary: read.summary,
      tag: m.service.name,
      auth: 'player',
      querystring: read.unpaged ? (Object.keys(filters).length ? pageQuery(filters, {}) : undefined) : pageQuery(filters, paging(read)),
      responses: { 200: answerOf(ctx, m, read), ...errorResponses(400, 401, 403, 409, 423, 429) },
      handler: async (req: FastifyRequest) => {
        const player = await principal(ctx, req, { persona: needsPersona(read), allowBannedPersona: read.allowBannedPersona });
        const query = (req.query ?? {}) as Record<string, unknown>;
        const find = { where: playerWhere(read, player, query, m.res.list.search), orderBy: read.orderBy };
        const { total, items } = read.unpaged
          ? await records(ctx.db, m).page(player.scopeId, { ...find, limit: read.unpaged })
          : await records(ctx.db, m).page(player.scopeId, { ...find, limit: query.count as number, offset: query.start as number });
        return { total, [read.listKey]: items, ...(await alongside(ctx, m, read, player.scopeId)) };
      },
    });
  }
}
