import { describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { passport } from '../../resources/passport';
import { productDetailView, realNameView } from '../../resources/passport/details';
import type { DetailViewDecl } from '../../resources/types';
import { detailUrl, viewCall } from '../../resources/view-call';
import { answerFieldSpecs, detailFieldSpecs, detailIsEmpty, hasSummary, summaryOf, summaryTags } from '../../src/engine/detail-fields';
import { propertyOf, type PropSchema } from '../../src/engine/schema';
import { viewCell } from '../../src/engine/view-columns';

const resource = (name: string) => passport.resources.find((r) => r.name === name)!;
const details = services.flatMap((service) => service.resources.flatMap((decl) => (decl.details ?? []).map((detail) => ({ service, decl, detail }))));
const prop = (name: string) => propertyOf(productDetailView.answer, name) as PropSchema;

describe('a detail view’s call', () => {
  it('appends its path to the item path and puts the record’s id in place', () => {
    expect(viewCall(passport, resource('users'), realNameView)).toEqual({ method: 'GET', path: '/users/:id/real-name', param: 'id' });
    expect(detailUrl(passport, resource('products'), productDetailView, 'a/b')).toBe('/products/a%2Fb/detail');
  });
});

describe('a detail view’s fields', () => {
  it('are the declared ones in order, titled by the answer schema in each language', () => {
    expect(detailFieldSpecs(realNameView, 'en').map((s) => [s.field, s.title])).toEqual([
      ['name', 'Name'],
      ['idNumber', 'Identity number'],
      ['birthDate', 'Birth date'],
      ['age', 'Age (years)'],
      ['ageBand', 'Age band'],
      ['verifiedAt', 'Verified at'],
    ]);
    expect(detailFieldSpecs(productDetailView, 'zh-CN').map((s) => s.title)).toEqual(['交易类型', '价格', '分类', '商品内容']);
  });

  it('default to the answer’s properties, leaving out those hidden from details and the one shown as the tag', () => {
    const open: DetailViewDecl = { ...realNameView, fields: undefined };
    expect(detailFieldSpecs(open, 'en').map((s) => s.field)).toEqual(['name', 'idNumber', 'birthDate', 'age', 'ageBand', 'verifiedAt']);
    expect(answerFieldSpecs(productDetailView.answer, 'en').map((s) => s.field)).toEqual(['transactionType', 'price', 'category', 'contents']);
  });

  it('are empty when the answer holds none of them (a check not passed), not when one is there', () => {
    const specs = detailFieldSpecs(realNameView, 'en');
    expect(detailIsEmpty(specs, { verified: false })).toBe(true);
    expect(detailIsEmpty(specs, { verified: true, name: '张*' })).toBe(false);
  });

  it('read declared values as coloured labels and an absent category as what it means', () => {
    const [type, , category] = detailFieldSpecs(productDetailView, 'en');
    expect(viewCell(type, { transactionType: 'RealMoneyPurchase' }, 'en')).toEqual({ kind: 'label', text: 'Real-money purchase', color: 'gold' });
    expect(viewCell(category, { category: null }, 'zh-CN')).toEqual({ kind: 'empty', text: '未分类' });
    const tag = answerFieldSpecs(realNameView.answer, 'zh-CN', [realNameView.tag!])[0];
    expect(viewCell(tag, { verified: false }, 'zh-CN')).toEqual({ kind: 'label', text: '未实名', color: 'default' });
  });
});

describe('an object read as one line', () => {
  const line = { resource: 'gold', amount: '1200', name: 'Gold', type: 'VirtualCurrency', available: true };

  it('takes the first template whose fields the value holds, an amount of money grouped with two decimals', () => {
    expect(summaryOf(prop('price'), { ...line, resource: 'cny', amount: '1234.5', type: 'Currency', currencyCode: 'CNY' }, 'en')).toBe('1,234.50 CNY');
    expect(summaryOf(prop('price'), { ...line, currencyCode: null }, 'en')).toBe('1200 × Gold (gold)');
    expect(summaryOf(prop('price'), { ...line, name: null, type: null, currencyCode: null }, 'zh-CN')).toBe('1200 × gold（资源不存在）');
    expect(summaryOf(prop('category'), { id: 'c1', name: 'Weapons' }, 'en')).toBe('Weapons');
  });

  it('is followed by tags for the values its fields name, where their conditions apply', () => {
    const items = prop('contents').items;
    expect(summaryTags(items, line, 'en')).toEqual([{ field: 'type', text: 'Virtual currency' }]);
    expect(summaryTags(items, { ...line, type: 'Currency', available: false }, 'en')).toEqual([
      { field: 'type', text: 'Real currency' },
      { field: 'available', text: 'Cannot be held', color: 'red' },
    ]);
    expect(summaryTags(items, { ...line, name: null, type: null, available: false }, 'en')).toEqual([]);
  });

  it('applies to objects and lists of objects whose schema declares a summary, and nothing else', () => {
    expect(hasSummary(prop('contents'), [line])).toBe(true);
    expect(hasSummary(prop('price'), line)).toBe(true);
    expect(hasSummary(prop('price'), 'gold')).toBe(false);
    expect(hasSummary(prop('transactionType'), { a: 1 })).toBe(false);
    expect(summaryOf(prop('transactionType'), { a: 1 }, 'en')).toBeUndefined();
  });
});

describe('declared detail views', () => {
  it('are sound: unique names, object answers, fields and tag their answer has, summaries naming fields it has', () => {
    const problems = details.flatMap(({ service, decl, detail }) => {
      const where = `${service.name}/${decl.name} detail ${detail.name}`;
      const has = (f: string) => !!propertyOf(detail.answer, f);
      const dup = (decl.details ?? []).filter((d) => d.name === detail.name).length > 1 ? [`${where}: name used twice`] : [];
      const object = detail.answer.type === 'object' ? [] : [`${where}: its answer is not an object`];
      const missing = [...(detail.fields ?? []), ...(detail.tag ? [detail.tag] : [])].filter((f) => !has(f)).map((f) => `${where}: no field ${f} in its answer`);
      const summaries = detailFieldSpecs(detail, 'en').flatMap((spec) => {
        const target = (spec.prop?.type === 'array' ? spec.prop.items : spec.prop) as PropSchema | undefined;
        const templates = (target?.['x-ui']?.summary ?? []).map((t) => (typeof t === 'string' ? t : t.en));
        const named = templates.flatMap((t) => [...t.matchAll(/\{\{(\w+)/g)].map((m) => m[1]));
        return named.filter((f) => !propertyOf(target ?? {}, f)).map((f) => `${where}: ${spec.field}'s summary names ${f}, which it does not have`);
      });
      return [...dup, ...object, ...missing, ...summaries];
    });
    expect(details.length).toBeGreaterThanOrEqual(2);
    expect(problems).toEqual([]);
  });
});
