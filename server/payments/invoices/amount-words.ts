import Decimal from 'decimal.js';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿'];

/** Amounts below this (a trillion yuan) have words here; invoices never come near it. */
const LIMIT = new Decimal('1e12');

/**
 * An amount in Chinese capital numerals as invoices write it (人民币大写): 100 → 壹佰元整, 1010.07 → 壹仟零壹拾元零柒分,
 * 0.5 → 伍角, 100000000 → 壹亿元整. A run of zeros inside the number is one 零; zeros at the end of the yuan say
 * nothing; 整 closes an amount without jiao and fen. Rounds to fen; refuses negative amounts and a trillion or more.
 */
export function amountInWords(amount: string | Decimal): string {
  const value = new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (value.isNegative() || value.gte(LIMIT)) throw new RangeError(`no capital numerals for ${value.toFixed(2)}`);
  const [yuanText, cents] = value.toFixed(2).split('.');
  const yuan = yuanText === '0' ? '' : yuanWords(yuanText);
  const jiao = Number(cents[0]);
  const fen = Number(cents[1]);
  if (!jiao && !fen) return `${yuan || '零'}元整`;
  let out = yuan ? `${yuan}元` : '';
  if (jiao) out += `${DIGITS[jiao]}角`;
  if (fen) out += `${yuan && !jiao ? '零' : ''}${DIGITS[fen]}分`;
  return out;
}

/** A positive whole number of yuan, digit by digit from the highest: places within a section of four, then 万 or 亿. */
function yuanWords(digits: string): string {
  let out = '';
  let zero = false;
  for (let i = 0; i < digits.length; i++) {
    const position = digits.length - 1 - i;
    const d = Number(digits[i]);
    if (d === 0) {
      zero = out !== '';
    } else {
      out += `${zero ? '零' : ''}${DIGITS[d]}${PLACES[position % 4]}`;
      zero = false;
    }
    // A section's name follows it when any of its four digits is not zero.
    if (position % 4 === 0 && position > 0 && /[1-9]/.test(digits.slice(Math.max(0, i - 3), i + 1))) out += SECTIONS[position / 4];
  }
  return out;
}
