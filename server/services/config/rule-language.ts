/** The rule language: JEXL with our functions and transforms (see rules.ts for the whole language). */
import jexl, { type Callable } from 'jexl';
import Lexer from 'jexl/dist/Lexer.js';

/** The longest rule accepted, in characters. */
export const MAX_RULE_LENGTH = 2000;

export interface RuleError {
  message: string;
  /** Offset in the rule (0-based, UTF-16 code units) where the problem is. */
  index?: number;
  /** 1-based line of `index`. */
  line?: number;
  /** 1-based column of `index` within its line. */
  column?: number;
  /** The offending text, when there is one. */
  token?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Rule language additions

const VERSION = /^v?(\d{1,10}(?:\.\d{1,10}){0,3})(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
const NUMERIC_PART_WIDTH = 10;

/**
 * A string whose plain ordering is the version ordering: four zero-padded numeric parts, then "~" for a release
 * or "-" and the pre-release identifiers ("-" sorts before "~"). Numeric pre-release identifiers are padded too,
 * and identifiers are joined by "!", which sorts before every character an identifier may hold.
 */
export function versionKey(input: unknown): string | undefined {
  let text: string;
  if (typeof input === 'string') text = input.trim();
  else if (typeof input === 'number' && Number.isFinite(input) && input >= 0) text = String(input);
  else return undefined;
  const match = VERSION.exec(text);
  if (!match) return undefined;
  const parts = match[1].split('.');
  while (parts.length < 4) parts.push('0');
  const core = parts.map((p) => p.padStart(NUMERIC_PART_WIDTH, '0')).join('.');
  if (match[2] === undefined) return `${core}~`;
  const pre = match[2]
    .split('.')
    .map((id) => (/^\d+$/.test(id) ? id.padStart(NUMERIC_PART_WIDTH, '0') : id))
    .join('!');
  return `${core}-${pre}`;
}

export const FUNCTIONS: Record<string, Callable> = {
  semver: (value: unknown) => versionKey(value),
};

export const TRANSFORMS: Record<string, Callable> = {
  lower: (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : undefined),
  upper: (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : undefined),
};

export const engine = new jexl.Jexl();
engine.addFunctions(FUNCTIONS);
engine.addTransforms(TRANSFORMS);
export const lexer = new Lexer(engine._grammar);

/** Names that would reach Object.prototype; refused as path segments. */
export const RESERVED = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
