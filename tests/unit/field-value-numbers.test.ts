import { describe, expect, it, vi } from 'vitest';

// The console's language setup touches the page's root element: give it the one element it needs.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { i18n } from '../../providers/i18n';
import type { ResourceDecl } from '../../resources/types';
import { SchemaValue } from '../../src/engine/FieldValue';
import type { PropSchema } from '../../src/engine/schema';

const decl = { name: 'things', schema: { type: 'object', properties: {} } } as unknown as ResourceDecl;
const show = async (prop: PropSchema, value: number) => {
  await i18n.changeLanguage('en');
  return renderToStaticMarkup(createElement(SchemaValue, { decl, prop, value }));
};

describe('a number shown on a record page', () => {
  it('is grouped as a quantity', async () => {
    expect(await show({ type: 'integer' }, 12345)).toContain('12,345');
  });

  it('is shown as written when it names something (a port)', async () => {
    const html = await show({ type: 'integer', 'x-ui': { widget: 'code' } }, 5433);
    expect(html).toContain('5433');
    expect(html).not.toContain('5,433');
  });
});
