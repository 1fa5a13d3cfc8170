import type { JsonSchema } from '../../resources/types';
import type { Ctx } from '../context';
import type { Queryable } from '../db';
import { records } from './query';
import { errorResponses, type Api } from './api';
import { conflict } from './errors';
import { authorize } from './guard';
import type { ResourceModel } from './model';
import { present, type Data } from './store';
import { audit, storedFields } from './write';
import { kindPredicate } from './sql';

/** The record a scope has before its first write: the schema's defaults, version 0. */
export function singletonDefaults(m: ResourceModel, scopeId: string): Data {
  const props = (m.res.schema.properties ?? {}) as Record<string, JsonSchema>;
  const out: Data = Object.fromEntries(Object.entries(props).flatMap(([k, s]) => (s.default === undefined ? [] : [[k, structuredClone(s.default)]])));
  return { ...out, [m.res.idField]: scopeId, version: 0 };
}

/** What a scope's settings say: the saved fields over the schema's defaults, without the record's bookkeeping. */
export async function settingsOf(db: Queryable, m: ResourceModel, scopeId: string): Promise<Data> {
  const saved = await records(db, m).maybe(scopeId, scopeId);
  const { [m.res.idField]: _id, version: _v, ...defaults } = singletonDefaults(m, scopeId);
  return { ...defaults, ...(saved ? storedFields(m, saved) : {}) };
}

async function read(ctx: Ctx, m: ResourceModel, scopeId: string): Promise<Data> {
  const res = await ctx.db.query(`SELECT id, status, version, data, created_at, updated_at FROM records WHERE ${kindPredicate(m)} AND id = $1 AND scope_id = $1`, [scopeId]);
  return res.rows[0] ? { ...singletonDefaults(m, scopeId), ...present(m, res.rows[0] as never) } : singletonDefaults(m, scopeId);
}

/**
 * Replaces a scope's one record. With a version, only if it is still the stored one (0 before the first write);
 * otherwise 409 like any stale update.
 */
async function write(ctx: Ctx, m: ResourceModel, scopeId: string, data: Data, version: number | undefined): Promise<Data> {
  const insert = 'INSERT INTO records (service, kind, id, scope_id, data) VALUES ($1, $2, $3, $3, $4) ON CONFLICT (service, kind, id)';
  const returning = 'RETURNING id, status, version, data, created_at, updated_at';
  const params: unknown[] = [m.service.name, m.res.name, scopeId, data];
  let sql = `${insert} DO UPDATE SET data = EXCLUDED.data, version = records.version + 1, updated_at = now() ${returning}`;
  if (version === 0) sql = `${insert} DO NOTHING ${returning}`;
  else if (version !== undefined) {
    params.push(version);
    sql = `${insert} DO UPDATE SET data = EXCLUDED.data, version = records.version + 1, updated_at = now() WHERE records.version = $5 ${returning}`;
  }
  const res = await ctx.db.query(sql, params);
  if (res.rows[0]) return present(m, res.rows[0] as never);
  const current = await read(ctx, m, scopeId);
  throw conflict('VERSION_CONFLICT', 'version conflict', [{ field: '/version', message: `current version is ${String(current.version)}` }]);
}

/** A settings resource: `GET <path>` and `PUT|POST <path>` on the caller's app's one record. */
export function mountSingleton(api: Api, ctx: Ctx, m: ResourceModel): void {
  const { res } = m;
  const tag = m.service.name;
  const ok = { description: res.singular.en, schema: m.recordSchema };
  const body = structuredClone(m.createSchema);
  (body.properties as Record<string, JsonSchema>).version = { type: 'integer', minimum: 0, maximum: 2147483647, description: 'The version read (0 before the first write); a stale one is refused.' };
  api.route({
    method: 'GET',
    url: m.base,
    summary: `Get the ${res.singular.en}`,
    tag,
    auth: 'service',
    access: m.res.access.read,
    responses: { 200: ok, ...errorResponses(401, 403) },
    handler: async (req) => read(ctx, m, (await authorize(ctx, req, m, 'read')).scopeId),
  });
  api.route({
    method: res.singleton!.write,
    url: m.base,
    summary: `Replace the ${res.singular.en}`,
    tag,
    auth: 'service',
    access: m.res.access.write,
    body,
    responses: { 200: ok, ...errorResponses(400, 401, 403, 409) },
    handler: async (req) => {
      const access = await authorize(ctx, req, m, 'write');
      const before = await read(ctx, m, access.scopeId);
      const input = req.body as Data;
      const after = await write(ctx, m, access.scopeId, storedFields(m, input), input.version as number | undefined);
      await audit(ctx, access, m, 'update', access.scopeId, before, after);
      return after;
    },
  });
}
