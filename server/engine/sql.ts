import type { ResourceModel } from './model';

/** A SQL string literal of a name that comes from the registry (already checked to be an identifier). */
export const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The SQL expression that reads a declared field, typed so that sorting and indexes agree. */
export function fieldExpr(m: ResourceModel, field: string): string {
  switch (m.fieldKind(field)) {
    case 'status':
      return 'status';
    case 'created':
      return 'created_at';
    case 'updated':
      return 'updated_at';
    case 'number':
      return `((data->>${lit(field)})::numeric)`;
    case 'text':
      return `(data->>${lit(field)})`;
  }
}

/** Whether a resource's records are kept in the shared `records` table (`ResourceDecl.sharedTable`, settings). */
export const inSharedTable = (m: ResourceModel): boolean => Boolean(m.res.sharedTable || m.res.singleton);

/**
 * The table a resource's records are kept in: a table of its own of the shape of `records`, named for the service
 * and resource (`records_<service>_<resource>`), so that a query is planned against that resource's indexes only;
 * or `records` for settings and for a resource the service's own tables refer to (`ResourceDecl.sharedTable`).
 */
export const tableOf = (m: ResourceModel): string =>
  inSharedTable(m) ? 'records' : `records_${`${m.service.name}_${m.res.name}`.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;

/** The WHERE prefix that selects one resource's records; literal so partial indexes apply. */
export function kindPredicate(m: ResourceModel): string {
  return `service = ${lit(m.service.name)} AND kind = ${lit(m.res.name)}`;
}
