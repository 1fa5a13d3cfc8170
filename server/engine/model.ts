import type { JsonSchema, ResourceDecl, ServiceDecl } from '../../resources/types';
import { checkPlatformScope } from './platform-scope';
import { checkAcrossApps } from '../../resources/across-apps';
import { collectionPath } from '../../resources/relations';
import { checkRelations } from './references';
import { checkLookups } from './lookups';
import { checkPlayerReads } from './player-routes';
import { checkPageViews, checkRecordCharts } from './record-charts';
import { checkPageLinks } from './page-links';
import { checkRecordViews } from './record-views';
import { checkChanges } from './created-once';
import { checkTimedMoves } from './timed-states';
import { writeOnlyFields } from '../../resources/field-access';
import { writableSchema } from '../../resources/call-shapes';
import { answeredSchema, checkFieldRules, optionalOnUpdate } from './fields';
import { checkFieldChecks } from './field-checks';
import { checkEnumerated } from './enumerated';
import { checkMasks } from './masks';
import { checkCommands } from './command-checks';
import { checkBorrowed, checkHas } from '../../resources/borrowed';
import { sdkEndpointProblems } from '../../resources/runtime-sdk';

/** Everything the engine derives once from a resource declaration and its schema. */
export interface ResourceModel {
  service: ServiceDecl;
  res: ResourceDecl;
  /** Full collection path: service base + resource path (a sub-resource's nested under its parent's item path). */
  base: string;
  /** The item path's parameter name: `id` unless the declaration names another (`idParam`). */
  idParam: string;
  /** Schema of a stored record as answered: fields + status + id, version, createdAt, updatedAt. */
  recordSchema: JsonSchema;
  createSchema: JsonSchema;
  updateSchema: JsonSchema;
  /** How each sortable or filterable field is read in SQL. */
  fieldKind: (field: string) => 'number' | 'text' | 'status' | 'created' | 'updated';
  sortable: string[];
  /** Write-only fields (`writeOnly: true`): taken on writes, answered only as `<field>Set` (`./fields`). */
  writeOnly: string[];
}

const META_FIELDS = ['id', 'version', 'createdAt', 'updatedAt'];
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

type Props = Record<string, JsonSchema>;

function props(schema: JsonSchema): Props {
  return (schema.properties ?? {}) as Props;
}

/** The schema without its identity keywords, so several derived copies can be compiled side by side. */
function bare(schema: JsonSchema): JsonSchema {
  const { $id: _id, $schema: _s, ...rest } = schema;
  return structuredClone(rest);
}

export function buildModel(service: ServiceDecl, res: ResourceDecl): ResourceModel {
  const p = props(res.schema);
  for (const f of [...(res.list.sorters ?? []), ...(res.list.filters ?? []), ...(res.list.search ?? []), ...(res.unique ?? [])]) {
    if (!IDENT.test(f) || !(f in p)) throw new Error(`${service.name}/${res.name}: list field '${f}' is not a schema property`);
  }
  if (res.updateAlso?.length && !res.operations.includes('update')) throw new Error(`${service.name}/${res.name}: updateAlso needs the update operation`);
  if (res.addressBy && !(res.unique ?? []).includes(res.addressBy)) throw new Error(`${service.name}/${res.name}: addressBy '${res.addressBy}' must be unique`);
  if (res.list.unpaged && res.implementedBy !== 'service' && !res.enumerated) throw new Error(`${service.name}/${res.name}: only a list the service serves or an enumerated one can be unpaged`);
  if (res.status && !(res.status.field in p)) throw new Error(`${service.name}/${res.name}: status field missing from schema`);
  for (const k of Object.keys(p)) if (META_FIELDS.includes(k)) throw new Error(`${service.name}/${res.name}: '${k}' is server-managed`);
  checkRelations(service, res);
  checkPlayerReads(service, res);
  checkLookups(service, res);
  checkRecordViews(service, res);
  checkRecordCharts(service, res);
  checkChanges(service, res);
  checkTimedMoves(service, res);
  checkFieldRules(service, res);
  checkFieldChecks(service, res);
  if (res.sharedTable && res.singleton) throw new Error(`${service.name}/${res.name}: a settings resource is kept in the shared table already`);
  checkEnumerated(service, res);
  checkPlatformScope(service, res);
  checkAcrossApps(service, res);
  checkMasks(service, res);
  checkHas(service, res);
  checkCommands(service, res);
  const writeOnly = writeOnlyFields(res.schema);

  const createSchema = writableSchema(res.schema);
  const updateSchema = writableSchema(res.schema);
  props(updateSchema).version = { type: 'integer', minimum: 1, maximum: 2147483647, description: 'The version read; a stale one is refused.' };
  updateSchema.required = [...((updateSchema.required as string[]) ?? []), 'version'];
  optionalOnUpdate(updateSchema, writeOnly);

  const recordSchema = bare(res.schema);
  delete recordSchema.allOf;
  recordSchema.additionalProperties = true;
  Object.assign(props(recordSchema), {
    [res.idField]: { type: 'string' },
    version: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  });
  recordSchema.required = [res.idField, 'version', 'createdAt', 'updatedAt', ...((res.schema.required as string[]) ?? [])];
  answeredSchema(recordSchema, writeOnly);

  const fieldKind = (field: string) => {
    if (field === 'createdAt') return 'created' as const;
    if (field === 'updatedAt') return 'updated' as const;
    if (res.status && field === res.status.field) return 'status' as const;
    const t = p[field]?.type;
    return t === 'integer' || t === 'number' ? ('number' as const) : ('text' as const);
  };

  return {
    service,
    res,
    base: collectionPath(service, res),
    idParam: res.idParam ?? 'id',
    recordSchema,
    createSchema,
    updateSchema,
    fieldKind,
    sortable: [...(res.list.sorters ?? []), 'createdAt', 'updatedAt'],
    writeOnly,
  };
}

/** Every service's models, once the services' borrowed resources (`ServiceDecl.borrowed`) are checked against them. */
export function buildModels(services: ServiceDecl[]): ResourceModel[] {
  checkBorrowed(services);
  for (const s of services) checkPageViews(s);
  for (const s of services) checkPageLinks(s);
  for (const s of services) for (const problem of s.sdkEndpoint ? sdkEndpointProblems(s.sdkEndpoint) : []) throw new Error(`${s.name}: SDK endpoint: ${problem}`);
  return services.flatMap((s) => s.resources.map((r) => buildModel(s, r)));
}
