import { describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { FUNC_ROUTES } from '../../resources/func/resources';
import type { ServiceDecl } from '../../resources/types';
import { checkPageLinks, pageLinkProblems, routeParams } from '../../server/engine/page-links';

const func = services.find((s) => s.name === 'func') as ServiceDecl;
const functions = func.resources.find((r) => r.name === 'functions')!;
const label = { 'zh-CN': '去', en: 'Go' };

describe('links to other pages of a service', () => {
  it('every service declares only links that open one of its pages with every parameter filled', () => {
    for (const service of services) expect(() => checkPageLinks(service), service.name).not.toThrow();
  });

  it("a function's page links its autoscaler page, the route's function filled from the record's id", () => {
    expect(functions.links).toEqual([expect.objectContaining({ route: 'func/:funcId/autoscaler', params: { funcId: 'id' } })]);
    expect(routeParams(FUNC_ROUTES.autoscaler)).toEqual(['funcId']);
    expect(routeParams(FUNC_ROUTES.servers)).toEqual([]);
  });

  it('refuses a route the service does not have, a parameter left unfilled or filled from no field, and a page link with a record parameter', () => {
    expect(pageLinkProblems(func, { route: 'func/nowhere', label }, functions)).toEqual(["'func/nowhere' is not a route of the service"]);
    expect(pageLinkProblems(func, { route: FUNC_ROUTES.autoscaler, label }, functions)).toEqual(["the route's ':funcId' is not filled"]);
    expect(pageLinkProblems(func, { route: FUNC_ROUTES.autoscaler, label, params: { funcId: 'owner' } }, functions)).toEqual(["'owner' is not a field of functions"]);
    expect(pageLinkProblems(func, { route: FUNC_ROUTES.servers, label, params: { funcId: 'id' } }, functions)).toEqual(["'funcId' is not a parameter of the route"]);
    expect(pageLinkProblems(func, { route: FUNC_ROUTES.autoscaler, label, params: { funcId: 'id' } })).toEqual(["a page's link has no record to fill 'funcId' from"]);
    const broken: ServiceDecl = { ...func, resources: func.resources.map((r) => (r === functions ? { ...r, links: [{ route: FUNC_ROUTES.autoscaler, label }] } : r)) };
    expect(() => checkPageLinks(broken)).toThrow("func: functions's page: link 'Go': the route's ':funcId' is not filled");
  });
});
