import Decimal from 'decimal.js';
import { formatAmount } from '../../lib/format';

/** An amount in yuan with its sign in front of the currency: "¥1,000.00", "-¥12.34". */
export function yuan(value: string): string {
  const d = new Decimal(value);
  return d.isNegative() && !d.isZero() ? `-¥${formatAmount(d.abs().toFixed(2))}` : `¥${formatAmount(value)}`;
}

/** A transaction's amount with the sign of what it does to the balance: "+100.00", "-30.05". */
export function signedAmount(value: string, sign: 1 | -1): string {
  return `${sign > 0 ? '+' : '-'}${formatAmount(value)}`;
}
