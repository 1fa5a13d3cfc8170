import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../server/payments/invoices/amount-words';

describe('amounts in Chinese capital numerals (大写)', () => {
  it.each([
    ['0', '零元整'],
    ['0.5', '伍角'],
    ['0.07', '柒分'],
    ['1.5', '壹元伍角'],
    ['10', '壹拾元整'],
    ['100', '壹佰元整'],
    ['105', '壹佰零伍元整'],
    ['1010.07', '壹仟零壹拾元零柒分'],
    ['10.05', '壹拾元零伍分'],
    ['20.10', '贰拾元壹角'],
    ['100010', '壹拾万零壹拾元整'],
    ['100000.01', '壹拾万元零壹分'],
    ['10000100', '壹仟万零壹佰元整'],
    ['100000000', '壹亿元整'],
    ['110000000', '壹亿壹仟万元整'],
    ['100010000', '壹亿零壹万元整'],
    ['100001000', '壹亿零壹仟元整'],
    ['1000000001', '壹拾亿零壹元整'],
    ['1234567.89', '壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分'],
  ])('%s → %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('refuses negative amounts and a trillion or more', () => {
    expect(() => amountInWords('-1')).toThrow(RangeError);
    expect(() => amountInWords('1000000000000')).toThrow(RangeError);
  });
});
