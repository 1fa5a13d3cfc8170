import Decimal from 'decimal.js';

/** The exact sum of decimal strings, as a 2-decimal string. */
export const sumOf = (amounts: string[]) => amounts.reduce((s, a) => s.plus(a), new Decimal(0)).toFixed(2);
