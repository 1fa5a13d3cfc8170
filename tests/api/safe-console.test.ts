import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safe } from '../../resources/safe';
import { pageViewRequest } from '../../resources/page-view-call';
import type { PageDecl, PageViewDecl } from '../../resources/types';
import { uploadRequest } from '../../resources/upload-call';
import { collectionPath } from '../../resources/relations';
import { parentIdOf, resourceKey } from '../../providers/declarations';
import { buildPackage, signingIdentity } from '../../server/packages/build/index';
import { GAME } from './safe-fixtures';
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

describe("Safe's console upload and lists", () => {
  const button = safe.pages!.flatMap((p) => p.view?.uploads ?? [])[0];
  const under = (name: string) => {
    const decl = safe.resources.find((r) => r.name === name)!;
    return collectionPath(safe, decl, parentIdOf({ service: safe, decl, key: resourceKey(safe, decl) }, h.appId));
  };

  it("the page's upload sends a package to protect as the console does, and the package it answers is read at its page's address", async () => {
    const apk = buildPackage({ ...GAME, package: 'com.example.uploaded' }, { kind: 'apk', signer: signingIdentity('console upload'), files: { 'classes.dex': Buffer.from('dex\n035\0') } });
    const request = uploadRequest(safe, button, h.appId, 'uploaded 1.apk');
    const res = await h.req({ method: request.method, url: `${request.url}?${new URLSearchParams(request.query)}`, payload: apk, headers: { authorization: h.basic, 'content-type': 'application/vnd.android.package-archive' } });
    expect(res.statusCode, res.body).toBe(202);
    const made = res.json() as { id: string; fileName: string; status: string };
    expect([made.fileName, made.status]).toEqual(['uploaded 1.apk', 'processing']);
    const read = await h.svc('GET', `${under('protections')}/${made.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().package).toBe('com.example.uploaded');
  });

  it('the SHA-1 list is read at its own page’s address', async () => {
    const res = await h.svc('GET', under('sha1'));
    expect(res.statusCode, res.body).toBe(200);
  });
});
