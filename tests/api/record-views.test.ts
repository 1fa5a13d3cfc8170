import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrl } from '../../resources/call-types';
import { pathFields } from '../../resources/command-call';
import { services } from '../../resources';
import { passport } from '../../resources/passport';
import { banHistoryView } from '../../resources/passport/views';
import type { JsonSchema, ResourceDecl, ServiceDecl } from '../../resources/types';
import { collectionPath } from '../../resources/relations';
import { viewCall, viewRequest } from '../../resources/view-call';
import { pageViewCall, rowCommandCall } from '../../resources/page-view-call';
import { makeAjv } from '../../server/engine/ajv';
import { startHarness, type Harness } from './harness';
import { createRealm, signedIn } from './passport-players-fixtures';
import { newProduct, newResource } from './passport-economy-fixtures';
import { newPlayer } from './passport-liveops-fixtures';
import { asPlayer } from './passport-players-fixtures';
import { productDetailView, realNameView } from '../../resources/passport/details';
import { sendMessageCommand, sendTemplateCommand } from '../../resources/passport/inbox-send';
import { detailUrl } from '../../resources/view-call';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const declared = services.flatMap((service) => service.resources.flatMap((decl) => (decl.views ?? []).map((view) => ({ service, decl, view }))));
/** A route's shape: parameters may be named differently. */
const shape = (url: string) => url.replace(/:\w+/g, ':');
/** A record call's full address: a sub-resource's under its parent's item path (`collectionPath`). */
const fullPath = (service: ServiceDecl, decl: ResourceDecl, path: string) => (decl.parent ? `${collectionPath(service, decl)}${path.slice(decl.path.length)}` : `${service.base}${path}`);

describe('record views', () => {
  it('are each served by a mounted route that documents their list key', () => {
    expect(declared.length).toBeGreaterThanOrEqual(8);
    const problems = declared.flatMap(({ service, decl, view }) => {
      const call = viewCall(service, decl, view);
      const route = h.api.routes.find((r) => r.method === call.method && shape(r.url) === shape(fullPath(service, decl, call.path)));
      if (!route) return [`${service.name}/${decl.name} view ${view.name}: ${call.method} ${fullPath(service, decl, call.path)} is not mounted`];
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
        (view.commands ?? []).flatMap((c) => {
          // A command made at a declared call's own address (address: 'call') is served by that call's route.
          const call = c.address === 'call' ? service.calls?.[c.api?.call ?? ''] : undefined;
          const [method, path] = call ? [call.method, callUrl(service.base, call)] : [c.method, `${service.base}${c.path}`];
          return mounted(method, path) ? [] : [`${service.name} page view ${view.name} command ${c.name}: ${method} ${path} not mounted`];
        }),
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

const details = services.flatMap((service) => service.resources.flatMap((decl) => (decl.details ?? []).map((detail) => ({ service, decl, detail }))));
const answering = services.flatMap((service) => service.resources.flatMap((decl) => (decl.commands ?? []).filter((c) => c.answer && c.on === 'item').map((command) => ({ service, decl, command }))));
const resourceOf = (name: string) => passport.resources.find((r) => r.name === name)!;

/** An answer checked against a declared schema (its `x-ui` hints are annotations). */
function conforms(schema: JsonSchema, answer: unknown): string {
  const check = makeAjv(false).compile(schema);
  return check(answer) ? '' : JSON.stringify(check.errors);
}

describe('detail views', () => {
  it('are each served by a mounted route that documents the declared answer', () => {
    expect(details.map((d) => d.detail.name).sort()).toEqual(['autoscaler', 'code', 'info', 'productDetail', 'realName', 'status', 'ticketsCountMetrics', 'usage']);
    const problems = details.flatMap(({ service, decl, detail }) => {
      const call = viewCall(service, decl, detail);
      const route = h.api.routes.find((r) => r.method === 'GET' && shape(r.url) === shape(fullPath(service, decl, call.path)));
      if (!route) return [`${service.name}/${decl.name} detail ${detail.name}: GET ${fullPath(service, decl, call.path)} is not mounted`];
      return isDeepStrictEqual(route.responses[200]?.schema, detail.answer) ? [] : [`${service.name}/${decl.name} detail ${detail.name}: its route documents another answer`];
    });
    expect(problems).toEqual([]);
  });

  it('read a product resolved to its resources in the shape its answer declares, a missing resource too', async () => {
    const money = await newResource(h, 'Currency');
    const gold = await newResource(h, 'VirtualCurrency');
    const id = await newProduct(h, { resource: money, amount: '6' }, [{ resource: gold, amount: '60' }]);
    const res = await h.svc('GET', `${passport.base}${detailUrl(passport, resourceOf('products'), productDetailView, id)}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(conforms(productDetailView.answer, answer)).toBe('');
    expect(answer.contents).toMatchObject([{ resource: gold, amount: '60', available: true }]);

    const gone = await newResource(h, 'Item');
    const other = await newProduct(h, { resource: gold, amount: '5' }, [{ resource: gone, amount: '1' }], false);
    await h.db.query(`DELETE FROM ${h.tableOf('passport', 'resources')} WHERE data->>'slugName' = $1`, [gone]);
    const missing = (await h.svc('GET', `${passport.base}${detailUrl(passport, resourceOf('products'), productDetailView, other)}`)).json();
    expect(conforms(productDetailView.answer, missing)).toBe('');
    expect(missing.contents[0]).toMatchObject({ resource: gone, name: null, type: null, available: false });
  });

  it('read a user’s real-name check before and after it passes, in the shape its answer declares', async () => {
    const player = await newPlayer(h);
    const url = `${passport.base}${detailUrl(passport, resourceOf('users'), realNameView, player.userId)}`;
    const before = (await h.svc('GET', url)).json();
    expect(before).toEqual({ verified: false });
    expect(conforms(realNameView.answer, before)).toBe('');
    const passed = await asPlayer(h, player.token, 'POST', `${passport.base}/sdk/real-name`, { name: '张三', idNumber: '11010519491231002X' });
    expect(passed.statusCode, passed.body).toBe(200);
    const after = (await h.svc('GET', url)).json();
    expect(conforms(realNameView.answer, after)).toBe('');
    expect(after).toMatchObject({ verified: true, birthDate: '1949-12-31', ageBand: 'over18', adult: true });
  });
});

describe('item commands declaring their answer', () => {
  it('are each a mounted route that takes the declared fields and documents the declared answer', () => {
    expect(answering.length).toBeGreaterThanOrEqual(1);
    const problems = answering.flatMap(({ service, decl, command }) => {
      const url = fullPath(service, decl, `${decl.path}/:${decl.idParam ?? 'id'}${command.path}`);
      const route = h.api.routes.find((r) => r.method === command.method && shape(r.url) === shape(url));
      if (!route) return [`${service.name}/${decl.name}.${command.name}: ${command.method} ${url} is not mounted`];
      const documented = Object.values(route.responses).find((r) => r.schema === command.answer);
      // The dialog's fields: those named in the path are its parameters, the others its body.
      const inPath = pathFields(command.path);
      const fieldNames = Object.keys(command.fields?.properties ?? {});
      const bodyNames = Object.keys((route.body?.properties ?? {}) as object);
      const paramNames = Object.keys((route.params?.properties ?? {}) as object);
      const takes =
        route.body === command.fields ||
        (isDeepStrictEqual(bodyNames, fieldNames.filter((f) => !inPath.includes(f))) && inPath.every((f) => paramNames.includes(f)));
      return takes && documented ? [] : [`${service.name}/${decl.name}.${command.name}: its route takes or answers something else`];
    });
    expect(problems).toEqual([]);
  });

  it('send an inbox template to chosen personas, answering the declared send record', async () => {
    const player = await newPlayer(h);
    const slugName = `welcome-${process.pid}-${Date.now() % 100000}`;
    expect((await h.svc('POST', `${passport.base}/inbox/templates`, { name: 'Welcome', slugName, title: 'Hello' })).statusCode).toBe(201);
    const url = `${passport.base}/inbox/templates/${slugName}${sendTemplateCommand.path}`;
    const res = await h.svc('POST', url, { target: { type: 'personas', personaIds: [player.personaId] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(conforms(sendTemplateCommand.answer!, res.json())).toBe('');
    expect(res.json()).toMatchObject({ delivered: 1, refused: [] });
    const inbox = (await player.call('GET', `${passport.base}/sdk/inbox`)).json();
    expect(JSON.stringify(inbox)).toContain('Hello');
    expect((await h.svc('POST', `${passport.base}/inbox/templates/no-such-template/send`, { target: { type: 'everyone' } })).statusCode).toBe(404);
    expect((await h.svc('POST', url, { target: { type: 'tag' } })).statusCode).toBe(400);
  });

  it('send a written message from the inbox page, answering the declared send record; the dialog asks for a title only without a template', async () => {
    const asks = makeAjv(false).compile(sendMessageCommand.fields!);
    const target = { type: 'everyone' };
    expect([asks({ target }), asks({ template: 'welcome', target }), asks({ title: 'Hello', target })]).toEqual([false, true, true]);
    const player = await newPlayer(h);
    const body = { title: 'Written here', content: 'Hi', target: { type: 'personas', personaIds: [player.personaId] } };
    expect(asks(body)).toBe(true);
    const res = await h.svc(sendMessageCommand.method, `${passport.base}${sendMessageCommand.path}`, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(conforms(sendMessageCommand.answer!, res.json())).toBe('');
    expect(res.json()).toMatchObject({ delivered: 1, refused: [] });
  });
});
