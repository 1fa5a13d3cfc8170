import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../resources/types';
import { buildUiSchema } from '../../src/engine/form/uiSchema';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    regions: { type: 'array', items: { type: 'string' }, 'x-ui': { title: { 'zh-CN': '地域', en: 'Regions' } } },
    scores: { type: 'array', items: { type: 'integer', 'x-ui': { title: { 'zh-CN': '分数', en: 'Score' } } }, 'x-ui': { title: { 'zh-CN': '分数表', en: 'Scores' } } },
  },
};

describe('a list of plain values in a form', () => {
  it("names each entry as the list is named, in the form's language, never by the field's code name", () => {
    expect(buildUiSchema(schema, 'zh-CN', new Set()).regions.items['ui:title']).toBe('地域');
    expect(buildUiSchema(schema, 'en', new Set()).regions.items['ui:title']).toBe('Regions');
  });

  it('keeps the title an entry declares', () => {
    expect(buildUiSchema(schema, 'en', new Set()).scores.items['ui:title']).toBe('Score');
  });
});
