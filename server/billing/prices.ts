import Decimal from 'decimal.js';
import { findService } from '../../resources';
import { findMeter } from '../../resources/meters';
import type { MeterDecl, ServiceDecl } from '../../resources/types';

/**
 * Pricing: usage quantities to money, exactly. Units and gross amounts keep every digit the arithmetic gives
 * (40 significant digits); a bill line's amount is rounded half-up to 2 decimals once, at the end.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;

export interface Charge {
  /** Billable units (quantity ÷ per × coefficient), up to 6 decimals. */
  units: string;
  /** The unit price, 4 decimals (6 when the price has more). */
  unitPrice: string;
  /** Units × unit price before the free credit, 2 decimals. */
  gross: string;
  /** The free credit taken off (never more than the gross), 2 decimals. */
  credit: string;
  /** What the line bills, 2 decimals. */
  amount: string;
}

/** A unit price as shown: 4 decimals, or 6 for prices with more (multiverse cost 0.051875). */
export const formatUnitPrice = (d: Decimal.Value) => {
  const v = new Money(d);
  return v.decimalPlaces() > 4 ? v.toFixed(6) : v.toFixed(4);
};

function priceOf(service: ServiceDecl, key: string | undefined): Decimal | undefined {
  if (!key) return undefined;
  const value = service.prices?.[key];
  if (value === undefined) throw new Error(`${service.name}: no price ${key}`);
  return new Money(value);
}

/** The declaration of a meter, or undefined when the service does not declare it. */
export function meterOf(serviceName: string, meter: string): { service: ServiceDecl; meter: MeterDecl } | undefined {
  const service = findService(serviceName);
  const m = findMeter(service, meter);
  return service && m ? { service, meter: m } : undefined;
}

/** Billable units of a recorded quantity. */
export function unitsOf(serviceName: string, meter: string, quantity: Decimal.Value): Decimal {
  const found = meterOf(serviceName, meter);
  const q = new Money(quantity);
  if (!found) return q;
  const coefficient = priceOf(found.service, found.meter.coefficient) ?? new Money(1);
  return q.div(found.meter.per ?? '1').times(coefficient);
}

/**
 * What `quantity` of a meter costs for one app over one month. Meters that are not declared, or declared without
 * a price, cost nothing. The free credit applies once per call: call it once per app, month and meter.
 */
export function charge(serviceName: string, meter: string, quantity: Decimal.Value): Charge {
  const found = meterOf(serviceName, meter);
  const units = unitsOf(serviceName, meter, quantity);
  const price = found ? priceOf(found.service, found.meter.price) : undefined;
  const unitPrice = price ?? new Money(0);
  const gross = units.times(unitPrice);
  const free = found ? (priceOf(found.service, found.meter.freeCredit) ?? new Money(0)) : new Money(0);
  const credit = Money.min(gross, free);
  return {
    units: units.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(),
    unitPrice: formatUnitPrice(unitPrice),
    gross: gross.toFixed(2, Decimal.ROUND_HALF_UP),
    credit: credit.toFixed(2, Decimal.ROUND_HALF_UP),
    amount: gross.minus(credit).toFixed(2, Decimal.ROUND_HALF_UP),
  };
}

/** What the platform pays for the units of a meter with a cost price (margin reports); undefined otherwise. */
export function costOf(serviceName: string, meter: string, quantity: Decimal.Value): string | undefined {
  const found = meterOf(serviceName, meter);
  const cost = found && priceOf(found.service, found.meter.costPrice);
  return cost ? unitsOf(serviceName, meter, quantity).times(cost).toFixed(2, Decimal.ROUND_HALF_UP) : undefined;
}

/** Sum of 2-decimal amounts as a 2-decimal string. */
export const sumAmounts = (amounts: Iterable<Decimal.Value>) => {
  let total = new Money(0);
  for (const a of amounts) total = total.plus(a);
  return total.toFixed(2);
};
