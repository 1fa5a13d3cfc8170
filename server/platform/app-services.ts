import { randomUUID } from 'node:crypto';
import { findService, services, type ServiceDecl } from '../../resources';
import type { ServiceDetails, ServiceProject } from '../../resources/app-api';
import type { ServiceState } from '../../resources/platform';
import { occupiedBy } from '../../resources/serviceStatus';
import type { Queryable } from '../db';
import { ApiError, badRequest, type FieldError } from '../engine/errors';

/** An app's row, locked for the rest of the transaction: what service changes decide on. */
export interface LockedApp {
  AppId: string;
  ProjectName: string;
  OrganizationId: string;
  Services: Record<string, ServiceState>;
  SupportMultiServices: boolean;
  Properties: Record<string, string>;
}

interface LockedRow {
  app_id: string;
  project_name: string;
  org_id: string;
  services: Record<string, ServiceState>;
  support_multi_services: boolean;
  properties: Record<string, string>;
}

/**
 * Reads the app and locks its row until the transaction ends, so two changes of its services cannot both
 * decide on the same old state (two exclusive services enabled at once).
 */
export async function lockApp(tx: Queryable, appId: string): Promise<LockedApp | undefined> {
  const res = await tx.query<LockedRow>(
    'SELECT app_id, project_name, org_id, services, support_multi_services, properties FROM apps WHERE app_id = $1 FOR UPDATE',
    [appId],
  );
  const r = res.rows[0];
  return r
    ? {
        AppId: r.app_id,
        ProjectName: r.project_name,
        OrganizationId: r.org_id,
        Services: r.services,
        SupportMultiServices: r.support_multi_services,
        Properties: r.properties,
      }
    : undefined;
}

export async function writeServiceState(tx: Queryable, appId: string, name: string, state: ServiceState): Promise<void> {
  await tx.query('UPDATE apps SET services = services || jsonb_build_object($2::text, $3::jsonb) WHERE app_id = $1', [
    appId,
    name,
    JSON.stringify(state),
  ]);
}

export const serviceOccupied = (blockers: string[], field = '/Service') =>
  new ApiError(
    409,
    'SERVICE_OCCUPIED',
    'service occupied',
    blockers.map((b) => ({ field, message: `occupied by ${b}` })),
  );

export const serviceSuspended = () => new ApiError(409, 'SERVICE_SUSPENDED', 'service suspended');

/** Refuses (409) a service that an enabled service of the app excludes (spec 000 §4). */
export function assertNotOccupied(app: Pick<LockedApp, 'Services' | 'SupportMultiServices'>, decl: ServiceDecl, field?: string): void {
  const blockers = occupiedBy(app, decl, services).map((s) => s.name);
  if (blockers.length) throw serviceOccupied(blockers, field);
}

type PropertyValue = string | number | boolean;

/**
 * The properties a caller may give when enabling a service: only those the service declares, each with the type
 * of its default. Anything else is a 400 naming the property.
 */
export function checkGivenProperties(decl: ServiceDecl, given: Record<string, unknown> | undefined): Record<string, PropertyValue> {
  const defaults = decl.catalogue.defaultProperties ?? {};
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(given ?? {})) {
    if (!(key in defaults)) errors.push({ field: `/Properties/${key}`, message: 'unknown property' });
    else if (typeof value !== typeof defaults[key]) errors.push({ field: `/Properties/${key}`, message: `must be a ${typeof defaults[key]}` });
  }
  if (errors.length) throw badRequest(errors);
  return (given ?? {}) as Record<string, PropertyValue>;
}

/** A newly enabled service: a fresh id and the declared default properties with the given ones over them. */
export function newServiceState(decl: ServiceDecl, properties: Record<string, unknown>): ServiceState {
  return {
    Status: 'Enabled',
    ServiceId: randomUUID(),
    Properties: { ...decl.catalogue.defaultProperties, ...properties },
    EnabledAt: new Date().toISOString(),
  };
}

interface ProjectRow {
  id: string;
  name: string;
  created_at: Date | string;
}

const toProject = (r: ProjectRow): ServiceProject => ({ Id: r.id, Name: r.name, CreatedAt: new Date(r.created_at).toISOString() });

export async function findProject(db: Queryable, appId: string, service: string): Promise<ServiceProject | null> {
  const res = await db.query<ProjectRow>('SELECT id, name, created_at FROM app_service_projects WHERE app_id = $1 AND service = $2', [appId, service]);
  return res.rows[0] ? toProject(res.rows[0]) : null;
}

/** Provisions the project of a service that needs one; answers the new project, or undefined if it existed. */
export async function ensureProject(tx: Queryable, app: Pick<LockedApp, 'AppId' | 'ProjectName'>, service: string): Promise<ServiceProject | undefined> {
  const res = await tx.query<ProjectRow>(
    `INSERT INTO app_service_projects (id, app_id, service, name) VALUES ($1, $2, $3, $4)
     ON CONFLICT (app_id, service) DO NOTHING RETURNING id, name, created_at`,
    [randomUUID(), app.AppId, service, app.ProjectName],
  );
  return res.rows[0] ? toProject(res.rows[0]) : undefined;
}

/** The app and service a service id belongs to, if any. */
export async function findServiceById(db: Queryable, serviceId: string): Promise<{ appId: string; service: string; state: ServiceState } | undefined> {
  const res = await db.query<{ app_id: string; service: string; state: ServiceState }>(
    `SELECT a.app_id, s.key AS service, s.value AS state FROM apps a CROSS JOIN LATERAL jsonb_each(a.services) s
     WHERE s.value->>'ServiceId' = $1 LIMIT 1`,
    [serviceId],
  );
  const r = res.rows[0];
  return r ? { appId: r.app_id, service: r.service, state: r.state } : undefined;
}

/** An enabled service's details, as GET /api/app/service/:serviceId answers them. */
export const serviceDetails = (appId: string, service: string, state: ServiceState, project: ServiceProject | null): ServiceDetails => ({
  ServiceId: state.ServiceId,
  AppId: appId,
  Service: service,
  Status: state.Status,
  Properties: state.Properties ?? {},
  EnabledAt: state.EnabledAt ?? null,
  Project: findService(service)?.catalogue.needsProject ? project : null,
});

/**
 * The details of each service an app has enabled, each as GET /api/app/service/:serviceId answers it: the app's
 * services and projects read once for all of them (an app's page opened directly carries them, server/console-carried.ts).
 */
export async function enabledServiceDetails(db: Queryable, appId: string): Promise<ServiceDetails[]> {
  const app = await db.query<{ services: Record<string, ServiceState> }>('SELECT services FROM apps WHERE app_id = $1', [appId]);
  const projects = await db.query<ProjectRow & { service: string }>('SELECT service, id, name, created_at FROM app_service_projects WHERE app_id = $1', [appId]);
  const byService = new Map(projects.rows.map((r) => [r.service, toProject(r)]));
  return Object.entries(app.rows[0]?.services ?? {})
    .filter(([, state]) => state.Status === 'Enabled' && state.ServiceId)
    .map(([service, state]) => serviceDetails(appId, service, state, byService.get(service) ?? null));
}
