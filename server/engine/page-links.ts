/**
 * The start-up check of the buttons to other pages (`PageLinkDecl`): on a page view's toolbar (`PageViewDecl.links`)
 * and on a record's page (`ResourceDecl.links`). A link's route must be one the service declares (a page's, a
 * resource's list or record page); each parameter of the route besides the app must be filled — on a record's page
 * from one of the record's fields, and a page view's link can fill none.
 */
import { pathFields } from '../../resources/command-call';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import type { PageLinkDecl } from '../../resources/view-types';

/** The parameters a route names besides the app (`func/:funcId/autoscaler` → `funcId`). */
export const routeParams = (route: string): string[] => pathFields(route).filter((name) => name !== 'appId');

/** Every route the service's console has: its pages' and its resources' lists and record pages. */
function declaredRoutes(service: ServiceDecl): Set<string> {
  const routes = new Set((service.pages ?? []).map((page) => page.route));
  for (const res of service.resources) for (const route of [res.routes?.list, res.routes?.show]) if (route) routes.add(route);
  return routes;
}

/** What is wrong with one link (none when it is right); `res` is the record whose page shows it, if any. */
export function pageLinkProblems(service: ServiceDecl, link: PageLinkDecl, res?: ResourceDecl): string[] {
  const problems: string[] = [];
  if (!declaredRoutes(service).has(link.route)) problems.push(`'${link.route}' is not a route of the service`);
  const given = link.params ?? {};
  for (const name of routeParams(link.route)) if (!(name in given)) problems.push(`the route's ':${name}' is not filled`);
  for (const [name, field] of Object.entries(given)) {
    if (!routeParams(link.route).includes(name)) problems.push(`'${name}' is not a parameter of the route`);
    const fields = res ? new Set([res.idField, 'id', ...Object.keys(res.schema.properties ?? {})]) : new Set<string>();
    if (!fields.has(field)) problems.push(res ? `'${field}' is not a field of ${res.name}` : `a page's link has no record to fill '${name}' from`);
  }
  return problems;
}

/** Throws on the first wrong link of the service's page views and record pages. */
export function checkPageLinks(service: ServiceDecl): void {
  const links: [string, PageLinkDecl, ResourceDecl?][] = [
    ...(service.pages ?? []).flatMap((page) => (page.view?.links ?? []).map((link): [string, PageLinkDecl] => [`page ${page.route}`, link])),
    ...service.resources.flatMap((res) => (res.links ?? []).map((link): [string, PageLinkDecl, ResourceDecl] => [`${res.name}'s page`, link, res])),
  ];
  for (const [where, link, res] of links) {
    const [problem] = pageLinkProblems(service, link, res);
    if (problem) throw new Error(`${service.name}: ${where}: link '${link.label.en}': ${problem}`);
  }
}
