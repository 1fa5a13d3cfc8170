import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { passport } from '../../resources/passport';
import { banHistoryView } from '../../resources/passport/views';
import type { JsonSchema } from '../../resources/types';
import { viewCall, viewRequest } from '../../resources/view-call';
import { pageViewCall, rowCommandCall } from '../../resources/page-view-call';
import { makeAjv } from '../../server/engine/ajv';
import { startHarness, type Harness } from './harness';
import { createRealm, signedIn } from './passport-players-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const declared = services.flatMap((service) => service.resources.flatMap((decl) => (decl.views ?? []).map((view) => ({ service, decl, view }))));
/** A route's shape: parameters may be named differently. */
const shape = (url: string) => url.replace(/:\w+/g, ':');

describe('record views', () => {
  it('are each served by a mounted route that documents their list key', () => {
    expect(declared.length).toBeGreaterThanOrEqual(8);
    const problems = declared.flatMap(({ service, decl, view }) => {
      const call = viewCall(service, decl, view);
      const route = h.api.routes.find((r) => r.method === call.method && shape(r.url) === shape(`${service.base}${call.path}`));
      if (!route) return [`${service.name}/${decl.name} view ${view.name}: ${call.method} ${service.base}${call.path} is not mounted`];
      const answer = route.responses[200]?.schema as { properties?: Record<string, { type?: string }> } | undefined;
      return answer?.properties?.[view.listKey]?.type === 'array' ? [] : [`${service.name}/${decl.name} view ${view.name}: its answer documents no "${view.listKey}" list`];
    });
    expect(problems).toEqual([]);
  });

  it('on pages, and every view’s row commands, are each served by a mounted route', () => {
    const pageViews = services.flatMap((service) => (service.pages ?? []).flatMap((page) => (page.view ? [{ service, view: page.view }] : [])));
    const mounted = (method: string, path: string) => h.api.routes.some((r) => r.method === method && shape(r.url) === shape(path));
    const problems = [
      ...pageViews.flatMap(({ service, view }) => {
        const call = pageViewCall(service, view);
        const route = h.api.routes.find((r) => r.method === call.method && shape(r.url) === shape(`${service.base}${call.path}`));
        if (!route) return [`${service.name} page view ${view.name}: ${call.method} ${service.base}${call.path} is not mounted`];
        const answer = route.responses[200]?.schema as { properties?: Record<string, { type?: string }> } | undefined;
        return answer?.properties?.[view.listKey]?.type === 'array' ? [] : [`${service.name} page view ${view.name}: its answer documents no "${view.listKey}" list`];
      }),
      ...[...declared, ...pageViews.map((p) => ({ ...p, decl: undefined }))].flatMap(({ service, decl, view }) =>
        (view.rowCommands ?? []).flatMap((command) => {
          const call = rowCommandCall(service, decl, view, command);
          return mounted(call.method, `${service.base}${call.path}`) ? [] : [`${service.name} view ${view.name} row command ${command.name}: ${call.method} ${service.base}${call.path} is not mounted`];
        }),
      ),
      ...pageViews.flatMap(({ service, view }) =>
        (view.commands ?? []).flatMap((c) => (mounted(c.method, `${service.base}${c.path}`) ? [] : [`${service.name} page view ${view.name} command ${c.name}: not mounted`])),
      ),
    ];
    expect(pageViews.length).toBeGreaterThanOrEqual(3);
    expect(declared.concat().flatMap(({ view }) => view.rowCommands ?? []).length + pageViews.flatMap(({ view }) => view.rowCommands ?? []).length).toBeGreaterThanOrEqual(4);
    expect(problems).toEqual([]);
  });

  it('read the ban history in the shape its row schema declares, naming an automatic lift by a declared value', async () => {
    const realm = await createRealm(h);
    const player = await signedIn(h, realm);
    const users = passport.resources.find((r) => r.name === 'users')!;
    const B = passport.base;
    expect((await h.svc('POST', `${B}/users/${player.userId}/ban`, { banReason: 'spam', banUntil: new Date(Date.now() + 3_600_000).toISOString() })).statusCode).toBe(200);
    await h.db.query(`UPDATE records SET data = jsonb_set(data, '{banUntil}', to_jsonb($1::text)) WHERE id = $2`, [new Date(Date.now() - 1000).toISOString(), player.userId]);

    const request = viewRequest(passport, users, banHistoryView, player.userId);
    const res = await h.svc(request.method, `${B}${request.url}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json()[banHistoryView.listKey] as Record<string, unknown>[];
    expect(rows.map((r) => r.action)).toEqual(['unban', 'ban']);

    const check = makeAjv(false).compile(banHistoryView.row as JsonSchema);
    for (const row of rows) expect(check(row), JSON.stringify(check.errors)).toBe(true);
    const actor = ((banHistoryView.row as JsonSchema).properties as Record<string, { 'x-ui': { values: Record<string, unknown> } }>).actor;
    expect(Object.keys(actor['x-ui'].values)).toContain(rows[0].actor);
  });
});
