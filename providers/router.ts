import { matchResourceFromRoute, ResourceContext, type RouterProvider } from '@refinedev/core';
import reactRouter from '@refinedev/react-router';
import { useCallback, useContext } from 'react';
import { matchPath, useLocation, useParams } from 'react-router';

type Match = ReturnType<typeof matchResourceFromRoute>;
type Resources = Parameters<typeof matchResourceFromRoute>[1];

/**
 * Which declared resource an address is, found once per address. Refine asks in every component that reads a
 * resource's parameters (a list, each of its row's commands, each form), and each answer walks every resource's
 * routes (about 100): a page's first render spent tens of milliseconds repeating the one question.
 */
const matches = new WeakMap<Resources, Map<string, Match>>();

function matchOf(pathname: string, resources: Resources): Match {
  let known = matches.get(resources);
  if (!known) matches.set(resources, (known = new Map()));
  let match = known.get(pathname);
  if (!match) known.set(pathname, (match = matchResourceFromRoute(pathname, resources)));
  return match;
}

const numberOrText = (value: unknown) => (typeof value === 'string' && value !== '' && `${Number(value)}` === value ? Number(value) : value);

/**
 * Refine's view of the current address: the resource and action it shows, the record's id, and its parameters (the
 * route's and the query's). The console keeps lists' state in its own components (`syncWithLocation` is off), so
 * the query is read flat.
 */
function useParse(): ReturnType<NonNullable<RouterProvider['parse']>> {
  const routeParams = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, matchedRoute } = matchOf(pathname, resources);
  return useCallback(() => {
    const fromRoute = Object.keys(routeParams).length === 0 && matchedRoute ? (matchPath(matchedRoute, pathname)?.params ?? {}) : routeParams;
    const params: Record<string, unknown> = { ...fromRoute, ...Object.fromEntries(new URLSearchParams(search)) };
    return {
      ...(resource ? { resource } : {}),
      ...(action ? { action } : {}),
      ...(fromRoute.id ? { id: decodeURIComponent(fromRoute.id) } : {}),
      pathname,
      params: {
        ...params,
        currentPage: numberOrText(params.currentPage) as number | undefined,
        pageSize: numberOrText(params.pageSize) as number | undefined,
        to: typeof params.to === 'string' ? decodeURIComponent(params.to) : undefined,
      },
    };
  }, [routeParams, matchedRoute, pathname, search, resource, action]);
}

/** React Router's bindings for Refine, with the address's resource found once per address. */
export const routerProvider: RouterProvider = { ...reactRouter, parse: useParse };
