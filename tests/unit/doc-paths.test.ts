import { describe, expect, it } from 'vitest';
import { docTarget, LEAF_SECTIONS, sectionPageAddress, SECTION_PAGES } from '../../src/pages/doc/doc-paths';

const target = (path: string) => {
  const t = docTarget(path);
  return t.kind === 'prose' ? `prose ${t.file}` : t.kind === 'notFound' ? 'notFound' : `${t.kind} ${t.section.path}`;
};

describe('the documentation addresses', () => {
  it('name the overview, a section (its concepts), and each of its pages', () => {
    expect(target('/doc')).toBe('prose overview');
    expect(target('/doc/')).toBe('prose overview');
    expect(target('/doc/passport')).toBe('prose passport/concept');
    expect(target('/doc/passport/tutorial')).toBe('prose passport/tutorial');
    expect(target('/doc/passport/qa')).toBe('prose passport/qa');
    expect(target('/doc/passport/api')).toBe('api passport');
    expect(target('/doc/passport/sdk')).toBe('sdk passport');
    expect(target('/doc/passport/errors')).toBe('errors passport');
    expect(target('/doc/remote-config/api/')).toBe('api remote-config');
    // The search gives a concept page the address of its file.
    expect(target('/doc/passport/concept')).toBe('prose passport/concept');
  });

  it('reach the sections inside a group, and a group leads to its first section', () => {
    expect(target('/doc/func/stateful')).toBe('prose func/stateful/concept');
    expect(target('/doc/func/stateless/api')).toBe('api func/stateless');
    expect(target('/doc/crud/save/qa')).toBe('prose crud/save/qa');
    expect(target('/doc/func')).toBe('prose func/stateful/concept');
  });

  it('name the billing and app-level pages, and the demo; the price lists are pages of their own', () => {
    expect(target('/doc/bill/payment')).toBe('prose bill/payment');
    expect(target('/doc/bill/qa')).toBe('prose bill/qa');
    expect(target('/doc/app/create-an-app')).toBe('prose app/create-an-app');
    expect(target('/doc/app/update-log')).toBe('prose app/update-log');
    expect(target('/doc/sync-perf-demo')).toBe('prose sync-perf-demo');
    expect(target('/doc/bill/pricing')).toBe('notFound');
  });

  it('find nothing at other addresses', () => {
    for (const path of ['/doc/nope', '/doc/passport/nope', '/doc/passport/api/more', '/doc/app/nope', '/doc/bill', '/docs', '/doc/func/stateful/x/y', '/doc/passportx']) {
      expect([path, target(path)]).toEqual([path, 'notFound']);
    }
  });

  it("lead back from every section page's address to that page", () => {
    for (const section of LEAF_SECTIONS) {
      for (const page of SECTION_PAGES) {
        const t = docTarget(sectionPageAddress(section, page));
        expect('section' in t && t.section?.path === section.path && t.page === page).toBe(true);
      }
    }
  });
});
