/**
 * A service's screens of another service's resource (`ServiceDecl.borrowed`): Sync's and Multiverse's lists of the
 * match configs that run their matches in a room or on a game server. Read by the server (the check at start-up) and
 * the console (the routes, the list's condition, the record's preset field).
 */
import type { BorrowedDecl, BorrowedWhere, JsonSchema, ResourceDecl, ServiceDecl } from './types';

/** One borrowed resource: who shows it, whose it is, and the declaration shown (its routes the borrower's). */
export interface Borrowed {
  borrower: ServiceDecl;
  lender: ServiceDecl;
  decl: ResourceDecl;
  where: BorrowedWhere;
}

type Props = Record<string, JsonSchema>;

/**
 * The lender's declaration as the borrower shows it: at the borrower's routes, without the fields it hides, and, for a
 * `present` condition, with the field required by its forms (a record made or edited there keeps meeting the condition).
 */
export function borrowedDecl(res: ResourceDecl, b: BorrowedDecl): ResourceDecl {
  const hidden = new Set(b.hide ?? []);
  const shown = (fields: string[] | undefined) => fields?.filter((f) => !hidden.has(f));
  const required = (res.schema.required as string[] | undefined) ?? [];
  const properties = Object.fromEntries(Object.entries((res.schema.properties ?? {}) as Props).filter(([f]) => !hidden.has(f)));
  const schema = { ...res.schema, properties, required: b.where.present && !required.includes(b.where.field) ? [...required, b.where.field] : required };
  const list = { ...res.list, columns: shown(res.list.columns)!, filters: shown(res.list.filters), has: shown(res.list.has) };
  return { ...res, schema, list, routes: { list: b.routes.list, ...(b.routes.show ? { show: b.routes.show } : {}) } };
}

/** Every service's borrowed resources, in the registry's order. */
export function borrowedOf(services: readonly ServiceDecl[]): Borrowed[] {
  return services.flatMap((borrower) =>
    (borrower.borrowed ?? []).flatMap((b) => {
      const lender = services.find((s) => s.name === b.service);
      const res = lender?.resources.find((r) => r.name === b.resource);
      return lender && res ? [{ borrower, lender, decl: borrowedDecl(res, b), where: b.where }] : [];
    }),
  );
}

/**
 * Refuses, at start-up, a borrowed resource the registry cannot show: an unknown service or resource, one without a
 * list, a condition on a field its list cannot narrow by (a `value` on one of its `filters`, `present` on one of its
 * `has`), a condition saying both or neither, a hidden field that is not an optional one besides the condition's, a
 * route another screen has, or a list route the borrower's menu does not name.
 */
export function checkBorrowed(services: readonly ServiceDecl[]): void {
  const taken = new Set(services.flatMap((s) => s.resources.flatMap((r) => [r.routes?.list, r.routes?.show])).filter(Boolean));
  for (const borrower of services) {
    for (const b of borrower.borrowed ?? []) {
      const where = `${borrower.name}: borrowed ${b.service}/${b.resource}`;
      const lender = services.find((s) => s.name === b.service);
      if (!lender) throw new Error(`${where}: no such service`);
      const res = lender.resources.find((r) => r.name === b.resource);
      if (!res) throw new Error(`${where}: no such resource`);
      if (!res.operations.includes('list') || res.singleton) throw new Error(`${where}: the resource has no list`);
      const { field, value, present } = b.where;
      if (!(field in ((res.schema.properties ?? {}) as Props))) throw new Error(`${where}: '${field}' is not a field of the resource`);
      if ((value === undefined) === (present === undefined)) throw new Error(`${where}: the condition names a value or present, one of them`);
      if (value !== undefined && !(res.list.filters ?? []).includes(field)) throw new Error(`${where}: '${field}' is not one of the list's filters`);
      if (present && !(res.list.has ?? []).includes(field)) throw new Error(`${where}: '${field}' is not one of the list's has fields`);
      for (const f of b.hide ?? []) {
        if (!(f in ((res.schema.properties ?? {}) as Props)) || f === field || ((res.schema.required as string[] | undefined) ?? []).includes(f)) {
          throw new Error(`${where}: the hidden '${f}' is not an optional field of the resource other than the condition's`);
        }
      }
      for (const route of [b.routes.list, b.routes.show]) {
        if (route && taken.has(route)) throw new Error(`${where}: the route '${route}' is another screen's`);
        if (route) taken.add(route);
      }
      if (!(borrower.menu ?? []).some((m) => m.route === b.routes.list)) throw new Error(`${where}: the menu names no entry for '${b.routes.list}'`);
    }
  }
}

/** Refuses a `has` field that is not a text field of the schema (`ListDecl.has`). */
export function checkHas(service: ServiceDecl, res: ResourceDecl): void {
  const p = (res.schema.properties ?? {}) as Props;
  for (const f of res.list.has ?? []) {
    if (p[f]?.type !== 'string') throw new Error(`${service.name}/${res.name}: has field '${f}' is not a text field of the schema`);
  }
}
