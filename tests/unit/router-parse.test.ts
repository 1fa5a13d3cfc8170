/**
 * The console's view of the current address for Refine (providers/router.ts), which finds an address's resource once
 * per address, answers what React Router's own bindings answer for the same address with the declared resources:
 * a list, a record's page (its id), a query, and an address no resource has.
 */
import { createRequire } from 'node:module';
import * as refine from '@refinedev/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import * as reactRouter from 'react-router';
import { expect, it } from 'vitest';
import { routerProvider } from '../../providers/router';
import { refineResources } from '../../src/engine/routes';

const resources = refineResources();

// The router library is loaded here as its package names it (CommonJS), with the router and Refine it requires: its
// bindings read those modules' contexts, ours the ones the console imports.
const required = createRequire(import.meta.url);
type Modules = { router: typeof reactRouter; core: typeof refine };
const library = {
  parse: (required('@refinedev/react-router') as { default: typeof routerProvider }).default.parse!,
  modules: { router: required('react-router') as typeof reactRouter, core: required('@refinedev/core') as typeof refine },
};
const console = { parse: routerProvider.parse!, modules: { router: reactRouter, core: refine } };

/** What a parse binding answers on a page at `address` (matched by `pattern`, as the console's routes are). */
function parsedAt(
  { parse, modules: { router, core } }: { parse: NonNullable<typeof routerProvider.parse>; modules: Modules },
  address: string,
  pattern = '*',
): unknown {
  let answer: unknown;
  const Probe = () => {
    answer = parse()();
    return null;
  };
  renderToString(
    createElement(
      core.ResourceContext.Provider,
      { value: { resources: resources as never } },
      createElement(
        router.MemoryRouter,
        { initialEntries: [address] },
        createElement(router.Routes, null, createElement(router.Route, { path: pattern, element: createElement(Probe) })),
      ),
    ),
  );
  return answer;
}

const cases: [string, string?][] = [
  ['/services/app-1/config'],
  ['/services/app-1/config/override/ov-7', '/services/:appId/config/override/:id'],
  ['/services/app-1/config/override/ov%207?tab=rules&currentPage=2&pageSize=50', '/services/:appId/config/override/:id'],
  ['/services/app-1/config?to=%2Fapps'],
  ['/apps/not-a-resource'],
];

it.each(cases)('answers for %s what the router library answers', (address, pattern) => {
  const ours = parsedAt(console, address, pattern);
  expect(ours).toEqual(parsedAt(library, address, pattern));
});

it('names the declared resource, its action and the record on a record page', () => {
  expect(parsedAt(console, '/services/app-1/config/override/ov-7', '/services/:appId/config/override/:id')).toMatchObject({
    resource: { meta: { service: 'remote-config' } },
    action: 'show',
    id: 'ov-7',
  });
});
