import Decimal from 'decimal.js';
import { ECONOMY_AMOUNT } from '../../../../resources/passport/economy-api';
import { PROPERTIES_BYTES_LIMIT } from '../../../../resources/passport/economy-flow';
import type { FieldError } from '../../../engine/errors';

/** An amount as the API carries it (`ECONOMY_AMOUNT`). */
const AMOUNT_PATTERN = new RegExp(ECONOMY_AMOUNT);

/** How many decimals an amount is written with. */
export function decimalsOf(amount: string): number {
  const point = amount.indexOf('.');
  return point < 0 ? 0 : amount.length - point - 1;
}

/** Why an amount of a resource that allows `decimals` is refused, or undefined when it is a positive amount. */
export function amountError(amount: string, decimals: number, field: string): FieldError | undefined {
  if (!AMOUNT_PATTERN.test(amount)) return { field, message: 'must be a decimal number' };
  if (!new Decimal(amount).gt(0)) return { field, message: 'must be greater than zero' };
  if (decimalsOf(amount) > decimals) return { field, message: `at most ${decimals} decimals for this resource` };
  return undefined;
}

/** The size of entry properties as they are stored: the UTF-8 bytes of their JSON. */
export const propertiesBytes = (properties: Record<string, unknown>): number => Buffer.byteLength(JSON.stringify(properties), 'utf8');

export function propertiesError(properties: Record<string, unknown> | undefined, field: string): FieldError | undefined {
  if (!properties) return undefined;
  const bytes = propertiesBytes(properties);
  return bytes > PROPERTIES_BYTES_LIMIT ? { field, message: `properties exceed ${PROPERTIES_BYTES_LIMIT} bytes (${bytes} bytes)` } : undefined;
}

/** An amount written without exponent, as stored: `1.50 + 1` is `2.5`. */
export const plain = (d: Decimal): string => d.toFixed();
