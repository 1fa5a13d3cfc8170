import { Ajv2020, type ErrorObject, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { SCHEMA_FORMAT_DEFINITIONS } from '../../resources/formats';
import type { FieldError } from './errors';

// ajv-formats is CommonJS: its function is the module itself or its `default`, depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);

/**
 * The validators' options and vocabulary, for the server's checks and for the console's (compiled to code when the
 * console is built). `extra` adds options that change no verdict (how code is generated).
 */
export function makeAjv(coerce: boolean, extra: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({
    ...extra,
    allErrors: true,
    strict: false,
    useDefaults: true,
    coerceTypes: coerce ? 'array' : false,
    removeAdditional: false,
  });
  addFormats(ajv);
  for (const [name, definition] of Object.entries(SCHEMA_FORMAT_DEFINITIONS)) ajv.addFormat(name, definition);
  ajv.addKeyword({ keyword: 'x-ui' });
  return ajv;
}

/** Bodies are checked as sent; query strings and path parameters are coerced from text first. */
const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

/**
 * Validators by what their schema says (its JSON text), per validator set: routes that check the same shape (an id
 * in the path, a page query) share one, and a server built again in the same process (a restart in place, each test
 * file's server) compiles nothing it compiled before. Ajv's own cache goes by the schema object, which each build
 * makes anew.
 */
const compiled = new WeakMap<Ajv2020, Map<string, ValidateFunction>>();

export function compileSchema(schema: object, httpPart?: string): ValidateFunction {
  const ajv = httpPart === 'body' || httpPart === undefined ? bodyAjv : textAjv;
  let byText = compiled.get(ajv);
  if (!byText) compiled.set(ajv, (byText = new Map()));
  const text = JSON.stringify(schema);
  let validate = byText.get(text);
  if (!validate) byText.set(text, (validate = ajv.compile(schema)));
  return validate;
}

/** Ajv errors as field errors: a JSON pointer into the checked value, prefixed for query and path. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined, part?: string): FieldError[] {
  const prefix = part === 'querystring' ? 'query' : part === 'params' ? 'params' : '';
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of errors ?? []) {
    // "if" failures only say that a "then" branch failed; the branch's own error names the field.
    if (e.keyword === 'if') continue;
    let pointer = e.instancePath || '';
    if (e.keyword === 'required') pointer += `/${(e.params as { missingProperty: string }).missingProperty}`;
    if (e.keyword === 'additionalProperties') pointer += `/${(e.params as { additionalProperty: string }).additionalProperty}`;
    const field = prefix ? `${prefix}.${pointer.replace(/^\//, '').replace(/\//g, '.')}` : pointer || '/';
    const message = e.keyword === 'additionalProperties' ? 'unknown field' : (e.message ?? 'invalid');
    const key = `${field}|${message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ field, message });
    }
  }
  return out;
}
