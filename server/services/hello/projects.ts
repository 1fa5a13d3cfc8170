/**
 * Hello's voice organisation and project (spec 002 §4, §7): the organisation first, then the app's project once the
 * organisation came back. Made on first use: by the calls that name them, and by any call that needs the project
 * (a room token) when the app has none yet. The platform's own project of the service (what the console's status
 * reads: Pending until it exists) is made with it.
 */
import { hello } from '../../../resources/hello';
import { modelOf, type Ctx } from '../../context';
import type { Queryable } from '../../db';
import { lockNames } from '../../db/locks';
import type { CallHandlers } from '../../engine/declared-calls';
import { ApiError, notFound } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { ensureProject } from '../../platform/app-services';
import { findApp } from '../../platform/apps';

export const helloModels = (ctx: Ctx) => ({
  orgs: modelOf(ctx, hello.name, 'orgs'),
  projects: modelOf(ctx, hello.name, 'projects'),
  sessions: modelOf(ctx, hello.name, 'sessions'),
});

async function appOf(db: Queryable, appId: string) {
  const app = await findApp(db, appId);
  if (!app) throw notFound('no such app');
  return app;
}

/** The voice organisation of the app's organisation, made when it has none (one per organisation, whatever its apps). */
export async function ensureOrg(ctx: Ctx, appId: string): Promise<Data> {
  const app = await appOf(ctx.db, appId);
  return ctx.db.transaction(async (tx) => {
    const orgs = records(tx, helloModels(ctx).orgs);
    // Serialises two first uses in one organisation: the second waits, then finds the first one's.
    await lockNames(tx, [`hello-org:${app.OrganizationId}`]);
    const found = await orgs.first(app.OrganizationId);
    return found ?? orgs.insert(app.OrganizationId, { organizationId: app.OrganizationId, name: app.OrganizationName ?? app.ProjectName });
  });
}

/** The app's voice project, or undefined before it is made. */
export async function projectOf(ctx: Ctx, appId: string, db: Queryable = ctx.db): Promise<Data | undefined> {
  return records(db, helloModels(ctx).projects).first(appId, { orderBy: 'createdAt' });
}

/** The app's voice project, made in its organisation's voice organisation when missing; refused while there is none. */
export async function ensureHelloProject(ctx: Ctx, appId: string, name?: string, org?: Data): Promise<Data> {
  const app = await appOf(ctx.db, appId);
  const orgs = records(ctx.db, helloModels(ctx).orgs);
  const theOrg = org ?? (await orgs.first(app.OrganizationId));
  if (!theOrg) throw new ApiError(409, 'INVALID_TRANSITION', 'make the voice organisation first (POST /orgs)');
  return ctx.db.transaction(async (tx) => {
    await lockNames(tx, [`hello-project:${appId}`]);
    const found = await projectOf(ctx, appId, tx);
    await ensureProject(tx, { AppId: appId, ProjectName: app.ProjectName }, hello.name);
    return found ?? records(tx, helloModels(ctx).projects).insert(appId, { name: name ?? app.ProjectName, orgId: String(theOrg.id), tokenMinutes: 60, recording: false });
  });
}

/** On first use: the organisation, then the project. */
export const provision = async (ctx: Ctx, appId: string) => ensureHelloProject(ctx, appId, undefined, await ensureOrg(ctx, appId));

export const projectCalls = (ctx: Ctx): CallHandlers => ({
  orgs: async ({ scopeId }) => ensureOrg(ctx, scopeId),
  'projects.refactor': async ({ scopeId, input }) => ensureHelloProject(ctx, scopeId, (input as { name?: string }).name),
});
