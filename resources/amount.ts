/** The amount rule of spec 000 §5, shared by the console's forms and the server. Pure functions only. */

export interface AmountOptions {
  /** Accept a zero amount ("0", "0.00", ...). */
  allowZero?: boolean;
  /** Accept a leading minus sign. */
  allowNegative?: boolean;
}

/**
 * Amount: non-empty; digits with up to two decimals; a leading minus only when negatives are allowed; a zero amount
 * (any spelling of it, such as "0" or "0.00") only when zero is allowed.
 */
export function isValidAmount(s: string, opts: AmountOptions = {}): boolean {
  const pattern = opts.allowNegative ? /^-?\d+(\.\d{1,2})?$/ : /^\d+(\.\d{1,2})?$/;
  if (!pattern.test(s)) return false;
  if (!opts.allowZero && /^-?0*(\.0*)?$/.test(s)) return false;
  return true;
}
