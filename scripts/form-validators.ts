/**
 * The console forms' validators, compiled when the console is built: ajv's standalone code for every schema a form
 * validates against (src/engine/form/formSchemas.ts), made with the server's own ajv options and formats
 * (server/engine/ajv.ts), so the console and the server reach the same verdicts by construction. The browser runs
 * the generated functions as they are: no `new Function`, which the Content-Security-Policy forbids.
 *
 * The schemas are split as react-jsonschema-form's `compileSchemaValidatorsCode` splits one: the form's schema and
 * every sub-schema the form checks on its own (`anyOf`/`oneOf` options, `if` conditions), each under its hash; here
 * for all forms at once, in one module, whose default export maps each hash to its check.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { _ } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { deepEquals, hashForSchema, schemaParser, type RJSFSchema } from '@rjsf/utils';
import { services } from '../resources/index.ts';
import { makeAjv } from '../server/engine/ajv.ts';
import { formSchemas } from '../src/engine/form/formSchemas.ts';

export const FORM_VALIDATORS_MODULE = 'virtual:form-validators';
const RESOLVED = `\0${FORM_VALIDATORS_MODULE}`;
const FORMATS_MODULE = fileURLToPath(new URL('../src/engine/form/formats.ts', import.meta.url));

/**
 * The options of a map's values (`additionalProperties` with `anyOf` / `oneOf`: a ticket's attributes, numbers, text
 * or true/false): the form picks the option each entry matches, checking each on its own, and the parser above does
 * not reach them.
 */
function mapValueOptions(schema: unknown, out: RJSFSchema[] = []): RJSFSchema[] {
  if (Array.isArray(schema)) for (const item of schema) mapValueOptions(item, out);
  else if (schema && typeof schema === 'object') {
    const values = (schema as { additionalProperties?: unknown }).additionalProperties;
    if (values && typeof values === 'object') for (const key of ['anyOf', 'oneOf'] as const) out.push(...(((values as Record<string, unknown>)[key] as RJSFSchema[] | undefined) ?? []));
    for (const child of Object.values(schema)) mapValueOptions(child, out);
  }
  return out;
}

/** Each schema a form checks on its own, by key (its `$id`, or its hash), from every form. */
function schemasByKey(): Map<string, RJSFSchema> {
  const byKey = new Map<string, RJSFSchema>();
  for (const form of formSchemas(services)) {
    const options = mapValueOptions(form.schema).map((option) => [option.$id ?? hashForSchema(option), option] as const);
    for (const [key, schema] of [...Object.entries(schemaParser(form.schema as RJSFSchema)), ...options]) {
      const known = byKey.get(key);
      if (known && !deepEquals(known, schema)) throw new Error(`Two form schemas share the key ${key} (${form.name}): give one an $id`);
      byKey.set(key, schema);
    }
  }
  return byKey;
}

/**
 * The generated code as an ES module: ajv's standalone code names its helpers with `require("…")` (its runtime,
 * the formats); each becomes an import, read as CommonJS exports whichever way the loader hands them over.
 */
function asModule(code: string, exports: string): string {
  const specifiers: string[] = [];
  const body = code
    .replace(/^"use strict";/, '')
    .replace(/require\(("[^"\\]+")\)/g, (_match, specifier: string) => {
      const index = specifiers.includes(specifier) ? specifiers.indexOf(specifier) : specifiers.push(specifier) - 1;
      return `__exports(__module${index})`;
    });
  return [
    ...specifiers.map((specifier, i) => `import * as __module${i} from ${specifier};`),
    'const __exports = (m) => (m.default && m.default.__esModule ? m.default : m);',
    body,
    exports,
  ].join('\n');
}

/** The module's code: one check per schema, and a default export mapping each schema's key to its check. */
export function formValidatorsCode(): string {
  const ajv = makeAjv(false, { code: { source: true, esm: true, formats: _`require(${FORMATS_MODULE}).FORMATS` } });
  const names: Record<string, string> = {};
  [...schemasByKey()].forEach(([key, schema], i) => {
    ajv.addSchema(schema, key);
    names[`validate_${i}`] = key;
  });
  const map = Object.entries(names).map(([name, key]) => `${JSON.stringify(key)}: ${name}`);
  return asModule(standaloneCode(ajv, names), `export default { ${map.join(', ')} };`);
}

/** The packages the generated code imports (ajv's runtime helpers), for the dev server to prepare as it starts. */
const importedPackages = (code: string) => [...code.matchAll(/^import \* as \w+ from "([^"/][^"]*)";$/gm)].map((m) => m[1]);

/** The Vite plugin: `import validators from 'virtual:form-validators'` gives the map of checks. */
export function formValidators(): Plugin {
  return {
    name: 'lodestar-form-validators',
    config: (_config, { command }) => (command === 'serve' ? { optimizeDeps: { include: importedPackages(formValidatorsCode()) } } : undefined),
    resolveId: (id) => (id === FORM_VALIDATORS_MODULE ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? formValidatorsCode() : undefined),
  };
}
