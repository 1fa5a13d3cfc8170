import type { ResourceDecl, ServiceDecl } from '../resources/types';
import { findResource, findService, services } from './services';
import { acrossAppsResource, acrossAppsResources } from '../resources/across-apps';
import { borrowedOf } from '../resources/borrowed';
import type { BorrowedWhere } from '../resources/types';

/**
 * How the console names declared resources for Refine: `<service>.<resource>`, unique across services. The
 * resource's `meta` carries the two names too, so providers find the declaration either way.
 */
export interface DeclaredResource {
  service: ServiceDecl;
  decl: ResourceDecl;
  key: string;
  /** A sub-resource shown under one parent record: that record's id, put into its nested path (ADR 0015). */
  parentId?: string;
  /** Another service's screen of the resource (`ServiceDecl.borrowed`): the records it shows, and starts new ones with. */
  where?: BorrowedWhere;
}

export const resourceKey = (service: ServiceDecl, decl: ResourceDecl): string => `${service.name}.${decl.name}`;

/** The parent a sub-resource's records are read under: the one given, or the app itself for a sub-resource of the app's own record (`ParentDecl.ofApp`). */
export const parentIdOf = (declared: DeclaredResource, appId: string): string | undefined => declared.parentId ?? (declared.decl.parent?.ofApp ? appId : undefined);

export function allResources(): DeclaredResource[] {
  return services.flatMap((service) => service.resources.map((decl) => ({ service, decl, key: resourceKey(service, decl) })));
}

/**
 * A list built from the loaded services, built again only when more have loaded (services only ever arrive), keeping
 * the entries it had: the screens see the same objects throughout.
 */
function builtPerServices(build: () => DeclaredResource[]): () => DeclaredResource[] {
  let built: DeclaredResource[] = [];
  let from = -1;
  return () => {
    if (from !== services.length) {
      const had = new Map(built.map((entry) => [entry.key, entry]));
      [built, from] = [build().map((entry) => had.get(entry.key) ?? entry), services.length];
    }
    return built;
  };
}

/**
 * The back office's lists of app-scoped resources across every app (`ResourceDecl.acrossApps`), each as the platform's
 * resource it reads as (`acrossAppsResource`).
 */
export const acrossAppsDeclared = builtPerServices(() =>
  acrossAppsResources(services).map(({ service, res }) => {
    const decl = acrossAppsResource(res);
    return { service, decl, key: resourceKey(service, decl) };
  }),
);

/**
 * Resources shown under another service's routes (`ServiceDecl.borrowed`), each keyed by the borrower
 * (`<borrower>.<service>.<resource>`) and calling the lender's API.
 */
export const borrowedDeclared = builtPerServices(() =>
  borrowedOf(services).map(({ borrower, lender, decl, where }) => ({ service: lender, decl, key: `${borrower.name}.${resourceKey(lender, decl)}`, where })),
);

type MetaLike = Record<string, unknown> | undefined;

export function findDeclared(resource: string, meta?: MetaLike): DeclaredResource | undefined {
  if (typeof meta?.service === 'string' && typeof meta.resource === 'string') {
    const service = findService(meta.service);
    const decl = findResource(meta.service, meta.resource);
    if (service && decl) return { service, decl, key: resourceKey(service, decl) };
  }
  return allResources().find((r) => r.key === resource) ?? borrowedDeclared().find((r) => r.key === resource) ?? acrossAppsDeclared().find((r) => r.key === resource || (r.service.name === meta?.service && r.decl.name === meta?.resource));
}

export function requireDeclared(resource: string, meta?: MetaLike): DeclaredResource {
  const found = findDeclared(resource, meta);
  if (!found) throw new Error(`No declaration for resource "${resource}"`);
  return found;
}

/** The fields every record carries besides its schema fields (ADR 0001). */
export const SERVER_FIELDS = ['id', 'version', 'createdAt', 'updatedAt'] as const;

/** Fields the list can be sorted on: the declared ones plus the timestamps. */
export const sortableFields = (decl: ResourceDecl): string[] => [...(decl.list.sorters ?? []), 'createdAt', 'updatedAt'];
