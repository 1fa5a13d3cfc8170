import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isValidCreditCode } from '../../resources/payments-api';

// GB 32100-2015: characters 0-9 → 0-9, A B C D E F G H J K L M N P Q R T U W X Y → 10-30; weights
// 1 3 9 27 19 26 16 17 20 29 25 13 8 24 10 30 28; check = 31 − (Σ value × weight mod 31), 31 written as 0.
describe('the unified social credit code', () => {
  it('computes check characters worked out by hand', () => {
    // 9·1 + 1·3 + 3·9 + 5·27 + 0 + 1·26 + 0 + 0 + M(21)·20 + 0 + 0 + 0 + 1·8 + 0 + 0 + Y(30)·30 + 4·28 = 1640;
    // 1640 mod 31 = 28; 31 − 28 = 3.
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
    // Σ = 0 → 31 mod 31 = 0.
    expect(creditCodeCheckChar('00000000000000000')).toBe('0');
    // Σ = 1·1 = 1 → 30 = Y.
    expect(creditCodeCheckChar('10000000000000000')).toBe('Y');
    // Σ = 1·28 → 3.
    expect(creditCodeCheckChar('00000000000000001')).toBe('3');
    // Σ = A(10)·1 = 10 → 21 = M.
    expect(creditCodeCheckChar('A0000000000000000')).toBe('M');
  });

  it('accepts codes whose last character checks', () => {
    for (const code of ['91350100M000100Y43', '000000000000000000', '10000000000000000Y', 'A0000000000000000M']) expect(isValidCreditCode(code), code).toBe(true);
  });

  it('refuses a wrong check character, letters outside the alphabet, lower case and other lengths', () => {
    for (const code of ['91350100M000100Y44', '91350100I000100Y43', '91350100m000100y43', '91350100M000100Y4', '91350100M000100Y433', '9135O100M000100Y43', ''])
      expect(isValidCreditCode(code), code).toBe(false);
  });
});
