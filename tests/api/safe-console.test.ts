import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safe } from '../../resources/safe';
import { pageViewRequest } from '../../resources/page-view-call';
import type { PageDecl, PageViewDecl } from '../../resources/types';
import { startHarness, type Harness } from './harness';

// What the console asks of Safe, made by the same functions the console makes it with, on the demo app.
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const viewPages = (safe.pages ?? []).filter((p): p is PageDecl & { view: PageViewDecl } => !!p.view);

describe("Safe's console pages", () => {
  it.each(viewPages.map((p) => [p.route, p] as const))('the %s page’s list query is accepted, first page and second', async (_, page) => {
    for (const n of [1, 2]) {
      const request = pageViewRequest(safe, page.view, {}, h.appId, n);
      const query = new URLSearchParams(Object.entries(request.params).map(([k, v]) => [k, String(v)]));
      const res = await h.svc(request.method, `${safe.base}${request.url}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json()[page.view.listKey ?? 'items'] as unknown[];
      expect(rows.length).toBe(n === 1 ? 3 : 0);
    }
  });
});
