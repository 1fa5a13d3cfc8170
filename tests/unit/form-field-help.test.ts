import { describe, expect, it, vi } from 'vitest';

// The console's language setup touches the page's root element: give it the one element it needs.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { FieldTemplateProps } from '@rjsf/utils';
import { i18n } from '../../providers/i18n';
import { FieldTemplate } from '../../src/engine/form/FieldTemplate';

/** A field whose schema carries the API document's English description, with or without help of its own. */
const field = (rawHelp?: string) =>
  ({
    id: 'root_releaseId',
    label: 'Release',
    displayLabel: true,
    required: true,
    children: createElement('input', { id: 'root_releaseId' }),
    rawErrors: [],
    rawHelp,
    rawDescription: 'the release id, from the releases list',
    hidden: false,
    schema: { type: 'string' },
    uiSchema: {},
    registry: { schemaUtils: { isMultiSelect: () => false } },
  }) as unknown as FieldTemplateProps;

const render = async (locale: string, rawHelp?: string) => {
  await i18n.changeLanguage(locale);
  return renderToStaticMarkup(createElement(FieldTemplate, field(rawHelp)));
};

describe("a form field's help", () => {
  it('is never the English description of the API document in the Chinese console', async () => {
    expect(await render('zh-CN')).not.toContain('the release id');
    expect(await render('zh-CN', '版本列表中的版本 ID')).toContain('版本列表中的版本 ID');
  });

  it('in English is the field’s help, else its description', async () => {
    expect(await render('en')).toContain('the release id, from the releases list');
    expect(await render('en', 'The release id')).toContain('The release id');
  });
});
