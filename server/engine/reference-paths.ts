import type { JsonSchema } from '../../resources/types';
import { lit } from './sql';

/**
 * References held inside a record's values rather than in a top-level field (ReferenceDecl.field as a path):
 * `variants[].values{}` — the property names of each variant's `values`. Parsed, checked against the schema at
 * start-up, and turned into the SQL condition "refers to one of these values".
 */
export interface ReferencePath {
  steps: { prop: string; each: boolean }[];
  /** The last step's object holds the references as its property names. */
  keys: boolean;
}

const STEP = /^([A-Za-z_$][A-Za-z0-9_$]*)(\[\])?$/;

/** The path of a reference field, or undefined for a plain top-level field. Throws on a malformed path. */
export function parseReferencePath(field: string): ReferencePath | undefined {
  if (!/[.[{]/.test(field)) return undefined;
  const keys = field.endsWith('{}');
  const steps = (keys ? field.slice(0, -2) : field).split('.').map((part) => {
    const m = STEP.exec(part);
    if (!m) throw new Error(`reference path '${field}': '${part}' is not a property name, optionally followed by []`);
    return { prop: m[1], each: !!m[2] };
  });
  return { steps, keys };
}

/** Start-up check: every step is a property of the schema at that point, arrays where `[]`, an object map at `{}`. */
export function checkReferencePath(schema: JsonSchema, path: ReferencePath, where: string): void {
  let at: JsonSchema | undefined = schema;
  for (const { prop, each } of path.steps) {
    at = (at?.properties as Record<string, JsonSchema> | undefined)?.[prop];
    if (!at) throw new Error(`${where}: '${prop}' is not a property of the schema there`);
    if (each) {
      if (at.type !== 'array') throw new Error(`${where}: '${prop}[]' is not an array`);
      at = at.items as JsonSchema | undefined;
    }
  }
  if (path.keys ? at?.type !== 'object' || at.properties !== undefined : at?.type !== 'string') {
    throw new Error(`${where}: the path ends ${path.keys ? 'at an object that is not a map of names' : 'at a value that is not a string'}`);
  }
}

/**
 * The SQL condition that a `records` row refers, along `path`, to one of the text values in the parameter `param`
 * (e.g. `$2::text[]`). Arrays are walked with jsonb_array_elements; anything of another shape refers to nothing.
 */
export function referencePathMatch(path: ReferencePath, param: string): string {
  const froms: string[] = [];
  let expr = 'data';
  path.steps.forEach(({ prop, each }, i) => {
    expr = `(${expr} -> ${lit(prop)})`;
    if (!each) return;
    const alias = `ref_${i}`;
    froms.push(`jsonb_array_elements(CASE WHEN jsonb_typeof(${expr}) = 'array' THEN ${expr} ELSE '[]'::jsonb END) AS ${alias}(v)`);
    expr = `${alias}.v`;
  });
  const cond = path.keys ? `(jsonb_typeof(${expr}) = 'object' AND ${expr} ?| ${param})` : `((${expr} #>> '{}') = ANY(${param}))`;
  return froms.length ? `EXISTS (SELECT 1 FROM ${froms.join(', ')} WHERE ${cond})` : cond;
}
