/**
 * Push server versions (service levels): the platform's, in their own table, managed by administrators (spec 001
 * `GET, POST, PUT, DELETE /server-versions`, the back office's push-version-management). The first start adds the
 * default version from the declaration's prices (CPU quota 0.5, 3,500 players per server).
 */
import { push } from '../../../resources/push';
import type { Ctx } from '../../context';
import type { Queryable } from '../../db';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { conflict, forbidden, notFound } from '../../engine/errors';
import { records } from '../../engine/query';
import { modelOf } from '../../context';

export interface ServerVersion {
  version: string;
  name: string;
  cpuQuota: string;
  playerLimitPerServer: number;
  enabled: boolean;
  isDefault: boolean;
  notes: string;
  createdAt?: string;
  updatedAt?: string;
}

interface Row {
  version: string;
  name: string;
  cpu_quota: string;
  player_limit: number;
  enabled: boolean;
  is_default: boolean;
  notes: string;
  created_at: Date;
  updated_at: Date;
}

const toVersion = (r: Row): ServerVersion => ({
  version: r.version,
  name: r.name,
  cpuQuota: String(r.cpu_quota),
  playerLimitPerServer: r.player_limit,
  enabled: r.enabled,
  isDefault: r.is_default,
  notes: r.notes,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

export async function listVersions(db: Queryable, onlyEnabled = false): Promise<ServerVersion[]> {
  const res = await db.query<Row>(`SELECT * FROM push_server_versions ${onlyEnabled ? 'WHERE enabled' : ''} ORDER BY is_default DESC, version`);
  return res.rows.map(toVersion);
}

export async function versionOf(db: Queryable, version: string): Promise<ServerVersion | undefined> {
  const res = await db.query<Row>('SELECT * FROM push_server_versions WHERE version = $1', [version]);
  return res.rows[0] ? toVersion(res.rows[0]) : undefined;
}

export async function defaultVersion(db: Queryable): Promise<ServerVersion | undefined> {
  return (await listVersions(db)).find((v) => v.isDefault);
}

/** The first start's default version, from the declared prices. */
export async function ensureDefaultVersion(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO push_server_versions (version, name, cpu_quota, player_limit, is_default)
     SELECT '1.0.0', 'Standard', $1::numeric, $2, true WHERE NOT EXISTS (SELECT 1 FROM push_server_versions)`,
    [push.prices!.cpuQuota, Number(push.prices!.playerLimitPerServer)],
  );
}

const isAdmin = (call: CallInput) => call.actor.startsWith('admin:');
const requireAdmin = (call: CallInput) => {
  if (!isAdmin(call)) throw forbidden('only an administrator manages push server versions');
};

type Body = Omit<ServerVersion, 'createdAt' | 'updatedAt'>;

async function save(ctx: Ctx, b: Body, mode: 'insert' | 'update'): Promise<ServerVersion> {
  return ctx.db.transaction(async (tx) => {
    if (b.isDefault) await tx.query('UPDATE push_server_versions SET is_default = false WHERE is_default AND version <> $1', [b.version]);
    const values = [b.version, b.name, b.cpuQuota ?? '0.5', b.playerLimitPerServer ?? 3500, b.enabled ?? true, b.isDefault ?? false, b.notes ?? ''];
    const res =
      mode === 'insert'
        ? await tx.query<Row>(
            `INSERT INTO push_server_versions (version, name, cpu_quota, player_limit, enabled, is_default, notes)
             VALUES ($1, $2, $3::numeric, $4, $5, $6, $7) ON CONFLICT (version) DO NOTHING RETURNING *`,
            values,
          )
        : await tx.query<Row>(
            `UPDATE push_server_versions SET name = $2, cpu_quota = $3::numeric, player_limit = $4, enabled = $5, is_default = $6, notes = $7, updated_at = now()
             WHERE version = $1 RETURNING *`,
            values,
          );
    if (!res.rows[0]) throw mode === 'insert' ? conflict('DUPLICATE', 'duplicate value', [{ field: '/version', message: 'duplicate value' }]) : notFound('no such server version');
    return toVersion(res.rows[0]);
  });
}

export function versionCallHandlers(ctx: Ctx): CallHandlers {
  const apps = () => records(ctx.db, modelOf(ctx, push.name, 'apps'));
  return {
    'serverVersions.list': async () => ({ items: await listVersions(ctx.db) }),
    'apps.serviceLevels': async () => ({ items: await listVersions(ctx.db, true) }),
    'serverVersions.create': async (call) => {
      requireAdmin(call);
      return save(ctx, call.input as unknown as Body, 'insert');
    },
    'serverVersions.update': async (call) => {
      requireAdmin(call);
      return save(ctx, call.input as unknown as Body, 'update');
    },
    'serverVersions.remove': async (call) => {
      requireAdmin(call);
      const version = String(call.input.version);
      const found = await versionOf(ctx.db, version);
      if (!found) throw notFound('no such server version');
      if (found.isDefault) throw conflict('INVALID_TRANSITION', 'the default server version cannot be removed');
      const inUse = (await apps().findEverywhere({ where: { serverVersion: version, status: { $ne: 'deleted' } }, limit: 1 })).length > 0;
      if (inUse) throw conflict('INVALID_TRANSITION', 'a push app runs this server version');
      await ctx.db.query('DELETE FROM push_server_versions WHERE version = $1', [version]);
      return { removed: version };
    },
  };
}
