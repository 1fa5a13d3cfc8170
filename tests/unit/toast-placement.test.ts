import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CONSOLE_HEADER_HEIGHT, pausesOnHover, TOAST_CLEAR_ATTRIBUTE, toastTop } from '../../providers/toastPlacement';
import { PageHeader } from '../../src/engine/PageHeader';

/**
 * Toasts open top-right (spec 000 §9) but never over the controls the user needs next: after a state action on a
 * record page, the success toast used to open over the page header's action buttons and stay there while the
 * pointer rested on it.
 */
describe('where toasts open', () => {
  const WINDOW = 900;
  // A record page as it opens: the header bar, the breadcrumb, then the page header with its action buttons.
  const pageHeader = { top: CONSOLE_HEADER_HEIGHT + 24 + 34, bottom: CONSOLE_HEADER_HEIGHT + 24 + 34 + 32 };

  it("below the page header and its actions while it shows, so the next action stays clickable", () => {
    const top = toastTop([pageHeader], WINDOW);
    expect(top).toBeGreaterThan(pageHeader.bottom);
  });

  it('below the header bar when the page header has scrolled out of view, or there is none', () => {
    const scrolledAway = { top: pageHeader.top - 400, bottom: pageHeader.bottom - 400 };
    for (const areas of [[scrolledAway], []]) {
      const top = toastTop(areas, WINDOW);
      expect(top).toBeGreaterThan(CONSOLE_HEADER_HEIGHT);
      expect(top).toBeLessThan(pageHeader.top);
    }
  });

  it('below a page header wrapped onto several lines, yet always in the window', () => {
    const wrapped = { top: pageHeader.top, bottom: pageHeader.bottom + 80 };
    expect(toastTop([pageHeader, wrapped], WINDOW)).toBeGreaterThan(wrapped.bottom);
    const top = toastTop([{ top: 100, bottom: 2000 }], WINDOW);
    expect(top).toBeLessThanOrEqual(WINDOW / 2);
  });

  it("from every page header: it marks itself as an area toasts keep clear of", () => {
    const markup = renderToStaticMarkup(createElement(PageHeader, { title: 'Spring cup', extra: createElement('button', null, 'Publish') }));
    expect(markup).toMatch(new RegExp(`^<div[^>]* ${TOAST_CLEAR_ATTRIBUTE}=""[^>]*>.*<button>Publish</button>`));
  });

  it('closes a success toast on time even under the pointer; an error toast waits while it is read', () => {
    expect(pausesOnHover('success')).toBe(false);
    expect(pausesOnHover('info')).toBe(false);
    expect(pausesOnHover('error')).toBe(true);
  });
});
