import { describe, expect, it, vi } from 'vitest';

// The console's language setup touches the page's root element: give it the one element it needs.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { safe } from '../../resources/safe';
import { collectionPath } from '../../resources/relations';
import { i18n } from '../../providers/i18n';
import { parentIdOf, resourceKey } from '../../providers/declarations';
import { FieldValue } from '../../src/engine/FieldValue';
import { watched } from '../../src/engine/watch';
import { detailFields } from '../../src/engine/schema';
import { detailUrl, recordParentId, viewRequest } from '../../resources/view-call';

/** Safe on the console: its lists reachable from the menu, a package's page read in both languages, watched while processing. */
const decl = (name: string) => safe.resources.find((r) => r.name === name)!;
const declared = (name: string) => ({ service: safe, decl: decl(name), key: resourceKey(safe, decl(name)) });
const protections = decl('protections');

const record = {
  id: 'p1',
  status: 'succeed',
  permissions: ['android.permission.CAMERA'],
  signers: [{ scheme: 'v2', subject: 'CN=Studio', sha1: 'AB:CD', sha256: '12:34', verified: false, problem: 'digest mismatch' }],
  risks: [
    { code: 'debuggable', severity: 'high', detail: 'android:debuggable' },
    { code: 'allow-backup', severity: 'medium' },
  ],
};

const shown = (field: string, locale: 'en' | 'zh-CN') => {
  void i18n.changeLanguage(locale);
  return renderToStaticMarkup(createElement(FieldValue, { decl: protections, field, value: record[field as keyof typeof record], record }));
};
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe("Safe's console", () => {
  it('every menu entry opens a page or a list, the SHA-1 list among them', () => {
    const routes = new Set([...(safe.pages ?? []).map((p) => p.route), ...safe.resources.flatMap((r) => (r.routes?.list ? [r.routes.list] : []))]);
    expect((safe.menu ?? []).filter((m) => !routes.has(m.route))).toEqual([]);
    expect(decl('sha1').routes?.list && (safe.menu ?? []).some((m) => m.route === decl('sha1').routes?.list)).toBe(true);
  });

  it("the SHA-1 list and a package are read under the app's own Safe record when shown on their own routes", () => {
    expect(collectionPath(safe, decl('sha1'), parentIdOf(declared('sha1'), 'APP1'))).toBe(`${safe.base}/safe/APP1/sha1`);
    expect(collectionPath(safe, protections, parentIdOf(declared('protections'), 'APP1'))).toBe(`${safe.base}/safe/APP1/protections`);
    // A child list on a record's page keeps the parent it is given.
    expect(parentIdOf({ ...declared('sha1'), parentId: 'OTHER' }, 'APP1')).toBe('OTHER');
  });

  it("a package's status and logs are asked under the app's Safe record its record names", () => {
    const parent = recordParentId(protections, { id: 'P1', appId: 'APP1' });
    expect(detailUrl(safe, protections, protections.details![0], 'P1', parent)).toBe('/safe/APP1/protections/P1/status');
    expect(viewRequest(safe, protections, protections.views![0], 'P1', 1, parent).url).toBe('/safe/APP1/protections/P1/logs');
  });

  it("a package's page shows its risks but not its log lines (they have a view of their own)", () => {
    expect(detailFields(protections)).toContain('risks');
    expect(detailFields(protections)).not.toContain('logs');
  });

  it("a package's risks read by name with their severity as a coloured tag, in both languages", () => {
    const en = shown('risks', 'en');
    expect(textOf(en)).toContain('Debuggable');
    expect(textOf(en)).toContain('Backup allowed');
    expect(en).toMatch(/ant-tag-red[^>]*>High</);
    expect(en).toMatch(/ant-tag-orange[^>]*>Medium</);
    const zh = textOf(shown('risks', 'zh-CN'));
    expect(zh).toContain('可调试');
    expect(zh).toContain('严重程度');
    expect(zh).not.toMatch(/\bseverity\b|\bcode\b|Debuggable/);
  });

  it("a package's highest risk is a coloured tag, as on the detect board", () => {
    void i18n.changeLanguage('en');
    expect(renderToStaticMarkup(createElement(FieldValue, { decl: protections, field: 'highestSeverity', value: 'high', record }))).toMatch(/ant-tag-red[^>]*>High</);
  });

  it("a package's signers are a table with titled columns, whether each verifies a coloured tag", () => {
    const zh = shown('signers', 'zh-CN');
    expect(textOf(zh)).toContain('SHA-1 指纹');
    expect(zh).toMatch(/ant-tag-red[^>]*>未通过</);
    expect(zh).not.toContain('{');
    expect(textOf(shown('permissions', 'en'))).toContain('android.permission.CAMERA');
  });

  it('a processing package is read again until its job moves it on', () => {
    expect(watched(protections, { status: 'processing' })).toBe(true);
    expect(watched(protections, { status: 'succeed' })).toBe(false);
    expect(watched(decl('sha1'), { status: 'processing' })).toBe(false);
  });
});
