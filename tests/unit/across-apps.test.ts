import { describe, expect, it } from 'vitest';
import { acrossAppsPages, acrossAppsResource, acrossAppsResources, totalsView } from '../../resources/across-apps';
import { services } from '../../resources';
import { stacktrace } from '../../resources/stacktrace';
import { crashRecords, symbols } from '../../resources/stacktrace/resources';
import { pushServerVersions } from '../../resources/push/server-versions';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import { usync } from '../../resources/usync';
import { profiles, rooms } from '../../resources/usync/resources';
import { perfSessions } from '../../resources/usync/perf';
import { usageView } from '../../resources/across-apps-usage';
import { buildModel } from '../../server/engine/model';

/** The declaration format's list of an app-scoped resource across every app (`ResourceDecl.acrossApps`), checked at start-up. */
const build = (res: ResourceDecl) => () => buildModel({ ...stacktrace, resources: [...stacktrace.resources.filter((r) => r.name !== res.name), res] }, res);
const across = symbols.acrossApps!;

describe('a resource listed across apps', () => {
  it("builds as declared: Stacktrace's symbol files on the back office's symbols page", () => {
    expect(build(symbols)).not.toThrow();
    expect(acrossAppsResources(services).map(({ service, res }) => `${service.name}/${res.name}:${res.acrossApps!.route}`)).toContain('stacktrace/symbols:symbols');
  });

  it('is an app-scoped collection', () => {
    expect(build({ ...pushServerVersions, routes: {}, acrossApps: { route: 'versions' } })).toThrow(/only an app-scoped collection/);
    expect(build({ ...symbols, parent: { resource: 'records', param: 'recordId', onDelete: 'cascade' } })).toThrow(/only an app-scoped collection/);
  });

  it('filters on declared filters, sums number fields, deletes only with its own delete, on a page of one segment', () => {
    expect(build({ ...symbols, acrossApps: { ...across, filters: ['moduleName'] } })).toThrow(/filter 'moduleName'/);
    expect(build({ ...symbols, acrossApps: { ...across, sums: ['fileName'] } })).toThrow(/sum 'fileName' is not a number/);
    expect(build({ ...crashRecords, acrossApps: { route: 'crashes', delete: true } })).toThrow(/delete needs the resource's own delete/);
    expect(build({ ...symbols, acrossApps: { ...across, route: 'stacktrace/symbols' } })).toThrow(/one path segment/);
    expect(build({ ...symbols, acrossApps: { ...across, sums: [], storage: 'size' } })).toThrow(/storage 'size' is not one of the sums/);
    expect(build({ ...crashRecords, acrossApps: { route: 'crashes', sums: ['frameCount'] } })).not.toThrow();
  });

  it("reads as an administrator's list of the platform's: the app and organisation first, the app as a filter", () => {
    const derived = acrossAppsResource(symbols);
    expect(derived).toMatchObject({ scope: 'platform', path: '/admin/stacktrace/symbols', access: { read: ['admin'], write: ['admin'] }, routes: { admin: 'symbols' } });
    expect(derived.operations).toEqual(['list', 'delete']);
    expect(derived.list.columns.slice(0, 2)).toEqual(['appName', 'orgName']);
    expect(derived.list.columns).toEqual(expect.arrayContaining(symbols.list.columns));
    expect(derived.list.filters).toEqual(['appId', 'kind', 'arch', 'hasLines']);
    expect(derived.list.sorters).toContain('size');
    expect(acrossAppsResource({ ...symbols, acrossApps: { route: 'symbols' } }).operations).toEqual(['list']);
    // The totals count the records under the resource's label and sum each field under its title.
    const view = totalsView(symbols);
    expect(view.columns).toEqual(['appName', 'orgName', 'count', 'size']);
    const props = (view.row as { properties: Record<string, { 'x-ui': { title: unknown } }> }).properties;
    expect(props.count['x-ui'].title).toEqual(symbols.label);
    expect(props.size['x-ui'].title).toEqual({ 'zh-CN': '大小（字节）', en: 'Size (bytes)' });
  });

  it("takes only the resource's actions the service performs, and the derived list carries them with their states", () => {
    const buildRooms = (res: ResourceDecl) => () => buildModel({ ...usync, resources: [...usync.resources.filter((r) => r.name !== res.name), res] }, res);
    expect(buildRooms(rooms)).not.toThrow();
    expect(buildRooms({ ...rooms, acrossApps: { route: 'sync-management', actions: ['reopen'] } })).toThrow(/action 'reopen' is not one of the resource's actions/);
    const engines = { ...rooms, actions: rooms.actions!.map((a) => ({ ...a, implementedBy: undefined })) };
    expect(buildRooms({ ...engines, acrossApps: { route: 'sync-management', actions: ['close'] } })).toThrow(/only an action the service performs/);
    const derived = acrossAppsResource(rooms);
    expect(derived.actions?.map((a) => a.name)).toEqual(['close']);
    expect(derived.status?.field).toBe('status');
    expect(acrossAppsResource(symbols).actions).toBeUndefined();
  });

  it("puts the resources of one service that share a page on it as tabs, under the page's declared title", () => {
    const sync = acrossAppsPages(services).find((p) => p.route === 'sync-management')!;
    expect(sync.service.name).toBe('usync');
    expect(sync.resources.map((r) => r.name).sort()).toEqual([profiles.name, rooms.name, perfSessions.name].sort());
    expect(sync.title.en).toBe('Sync management');
    expect(acrossAppsPages(services).find((p) => p.route === 'symbols')).toMatchObject({ title: symbols.label, resources: [symbols] });
    // Another service's resource may not join a page.
    const intruder: ServiceDecl = { ...stacktrace, resources: [{ ...crashRecords, acrossApps: { route: 'sync-management' } }] };
    expect(() => acrossAppsPages([usync, intruder])).toThrow(/acrossApps page 'sync-management' is usync's/);
  });

  it("gives a page the service's usage tab when one of its resources says so, for a service that declares meters", () => {
    const buildIn = (service: ServiceDecl, res: ResourceDecl) => () => buildModel({ ...service, resources: [...service.resources.filter((r) => r.name !== res.name), res] }, res);
    expect(acrossAppsPages(services).find((p) => p.route === 'sync-management')?.usage).toBe(true);
    expect(acrossAppsPages(services).find((p) => p.route === 'symbols')?.usage).toBe(false);
    // Its meters are what the tab shows; a service without any has no usage to show.
    expect(buildIn({ ...usync, meters: [] }, rooms)).toThrow(/usage needs the service's declared meters/);
    // One resource of the service says it: the tab and its call are the service's, once.
    expect(buildIn(usync, { ...perfSessions, acrossApps: { ...perfSessions.acrossApps!, usage: true } })).toThrow(/usage is said by one resource of the service/);
    expect(buildIn(usync, rooms)).not.toThrow();
    const view = usageView(usync);
    expect(view.columns).toEqual(['appName', 'orgName', 'ccu', 'net', 'amount']);
    const props = (view.row as { properties: Record<string, { 'x-ui': { title: { en: string } } }> }).properties;
    expect(props.net['x-ui'].title.en).toBe('Network traffic (GB)');
  });
});
