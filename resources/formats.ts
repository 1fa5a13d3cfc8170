/**
 * Value rules shared by the server's and the console's validators (registered as JSON Schema formats).
 * Pure functions only.
 */

export type ValueType = 'INT' | 'LONG' | 'STRING' | 'BOOL' | 'FLOAT' | 'JSON';
export const VALUE_TYPES: readonly ValueType[] = ['INT', 'LONG', 'STRING', 'BOOL', 'FLOAT', 'JSON'];

const INTEGER = /^[+-]?\d+$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** INT: an integer that fits 32 bits. */
export function isIntValue(text: string): boolean {
  if (!INTEGER.test(text.trim())) return false;
  const n = Number(text);
  return n >= INT32_MIN && n <= INT32_MAX;
}

/** LONG: an integer no larger in magnitude than the maximum safe integer. */
export function isLongValue(text: string): boolean {
  if (!INTEGER.test(text.trim())) return false;
  const n = BigInt(text.trim());
  const max = BigInt(Number.MAX_SAFE_INTEGER);
  return n <= max && n >= -max;
}

/** FLOAT: any finite number written in decimal or exponent notation. */
export function isFloatValue(text: string): boolean {
  const t = text.trim();
  if (t === '') return false;
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) && Number.isFinite(Number(t));
}

/** JSON: text that parses as JSON. */
export function isJsonValue(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The spec's typed-value rule: empty is invalid; BOOL and STRING accept any text. */
export function isValidTypedValue(type: ValueType, text: string): boolean {
  if (text === '') return false;
  switch (type) {
    case 'INT':
      return isIntValue(text);
    case 'LONG':
      return isLongValue(text);
    case 'FLOAT':
      return isFloatValue(text);
    case 'JSON':
      return isJsonValue(text);
    case 'STRING':
    case 'BOOL':
      return true;
  }
}

/** The value a player receives: the stored text turned into its type. */
export function parseTypedValue(type: ValueType, text: string): unknown {
  switch (type) {
    case 'INT':
    case 'LONG':
    case 'FLOAT':
      return Number(text);
    case 'BOOL':
      return text.trim().toLowerCase() === 'true';
    case 'JSON':
      return JSON.parse(text);
    case 'STRING':
      return text;
  }
}

/**
 * The spec's variable-name rule: characters outside letters, digits, underscore and dollar become
 * underscores; a name starting with a digit, underscore or dollar gets an underscore in front.
 */
export function toVariableName(input: string): string {
  const replaced = input.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[0-9_$]/.test(replaced) ? `_${replaced}` : replaced;
}

/** Formats named in schemas, by name. Both validators register exactly these. */
export const SCHEMA_FORMATS: Record<string, (value: string) => boolean> = {
  'typed-int': isIntValue,
  'typed-long': isLongValue,
  'typed-float': isFloatValue,
  'typed-json': isJsonValue,
};

/** The same formats as ajv takes them: what both validators register (the console's compiled checks call these). */
export const SCHEMA_FORMAT_DEFINITIONS: Record<string, { type: 'string'; validate: (value: string) => boolean }> = Object.fromEntries(
  Object.entries(SCHEMA_FORMATS).map(([name, validate]) => [name, { type: 'string' as const, validate }]),
);
