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

/**
 * The table a resource's records are kept in: `records`, or a table of its own of the same shape for a resource
 * with many rows (`ResourceDecl.ownTable`), named for the service and resource (`records_<service>_<resource>`).
 */
export const tableOf = (m: ResourceModel): string => (m.res.ownTable ? `records_${`${m.service.name}_${m.res.name}`.toLowerCase().replace(/[^a-z0-9]+/g, '_')}` : 'records');

/** The WHERE prefix that selects one resource's records; literal so partial indexes apply. */
export function kindPredicate(m: ResourceModel): string {
  return `service = ${lit(m.service.name)} AND kind = ${lit(m.res.name)}`;
}
