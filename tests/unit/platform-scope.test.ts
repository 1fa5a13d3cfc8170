import { describe, expect, it } from 'vitest';
import { push } from '../../resources/push';
import { pushServerVersions } from '../../resources/push/server-versions';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import { buildModel } from '../../server/engine/model';

/** The declaration format's platform scope: what a platform-scoped resource may say, checked at start-up. */
const versions = pushServerVersions;
const withResources = (...resources: ResourceDecl[]): ServiceDecl => ({ ...push, resources: [...push.resources.filter((r) => r.name !== versions.name), ...resources] });
const build = (res: ResourceDecl, service = withResources(res)) => () => buildModel(service, res);

describe('platform-scoped resources', () => {
  it("build as declared: Push's server versions", () => {
    expect(build(versions)).not.toThrow();
    expect(versions.scope).toBe('platform');
  });

  it('are plain collections: no parent, settings form or children', () => {
    expect(build({ ...versions, parent: { resource: 'apps', param: 'pushAppId', onDelete: 'cascade' } })).toThrow(/plain collection/);
    expect(build({ ...versions, singleton: { write: 'PUT' } })).toThrow(/plain collection/);
    expect(build({ ...versions, children: [{ resource: 'apps', field: 'serverVersion' }] })).toThrow(/plain collection/);
  });

  it("have a back-office page and no app console routes; an app's resource has no back-office page", () => {
    expect(build({ ...versions, routes: { list: 'push/versions' } })).toThrow(/no app console routes/);
    const apps = push.resources.find((r) => r.name === 'apps')!;
    expect(build({ ...apps, routes: { ...apps.routes, admin: 'push-apps' } })).toThrow(/only a platform-scoped resource/);
  });

  it("refer to no app's records, and no app's record refers to them", () => {
    expect(build({ ...versions, references: [{ field: 'name', resource: 'apps', onDelete: 'restrict' }] })).toThrow(/crosses/);
    const apps = push.resources.find((r) => r.name === 'apps')!;
    const referring = { ...apps, references: [{ field: 'serverVersion', resource: versions.name, by: 'serverVersion', onDelete: 'restrict' as const }] };
    expect(build(referring, withResources(versions, referring))).toThrow(/crosses/);
  });
});
