import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkIdNumber, idCheckChar, maskIdNumber } from '../../resources/real-name';

// GB 11643-1999 ISO 7064 MOD 11-2, written out here independently of the module under test.
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const MAP = '10X98765432';
const withCheck = (first17: string) => first17 + MAP[[...first17].reduce((s, d, i) => s + Number(d) * WEIGHTS[i], 0) % 11];

const NOW = new Date('2026-03-15T04:00:00Z');

describe('resident identity numbers', () => {
  it('accepts numbers whose check character is right', () => {
    // The standard's published example: 11010519491231002X.
    expect(checkIdNumber('11010519491231002X', NOW)).toEqual({ ok: true, number: '11010519491231002X', birthDate: '1949-12-31' });
    for (const first17 of ['44030419900307123', '31011519851120003', '51010820000229001']) {
      const number = withCheck(first17);
      expect(checkIdNumber(number, NOW)).toMatchObject({ ok: true, number });
    }
  });

  it('accepts a lower-case x and surrounding spaces, answering the normalised number', () => {
    expect(checkIdNumber(' 11010519491231002x ', NOW)).toMatchObject({ ok: true, number: '11010519491231002X' });
  });

  it('refuses a wrong check character', () => {
    expect(checkIdNumber('110105194912310021', NOW)).toEqual({ ok: false, problem: 'check-digit' });
    const good = withCheck('44030419900307123');
    const wrong = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    expect(checkIdNumber(wrong, NOW)).toEqual({ ok: false, problem: 'check-digit' });
  });

  it('refuses birth dates that are not real, before 1900, today or in the future', () => {
    for (const first17 of [
      '11010519990230001', // 30 February
      '11010520010229001', // 2001 is not a leap year
      '11010518991231001', // before 1900
      '11010519901301001', // month 13
      '11010520260315001', // today (China time)
      '11010520300101001', // future
    ]) {
      expect(checkIdNumber(withCheck(first17), NOW), first17).toEqual({ ok: false, problem: 'birth-date' });
    }
    expect(checkIdNumber(withCheck('11010520260314001'), NOW).ok).toBe(true);
  });

  it('refuses anything but 17 digits and a check character', () => {
    for (const bad of ['', '1101051949123100', '1101051949123100211', '01010519491231002X', '1101051949123100X2', '11010519491231002Y', '１１０１０５１９４９１２３１００２Ｘ']) {
      expect(checkIdNumber(bad, NOW)).toEqual({ ok: false, problem: 'format' });
    }
  });

  it('computes the same check character as the standard for any 17 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{17}$/), (first17) => {
        expect(idCheckChar(first17)).toBe(withCheck(first17)[17]);
      }),
    );
  });

  it('hides all but the first three and last four characters', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
  });
});
