import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { services } from '../../resources';
import type { JsonSchema } from '../../resources/types';
import { makeAjv } from '../../server/engine/ajv';
import { formValidatorsCode } from '../../scripts/form-validators';
import { translateErrors } from '../../src/engine/form/errors';
import { FORMATS } from '../../src/engine/form/formats';
import { formSchemas } from '../../src/engine/form/formSchemas';
import { validatorFor } from '../../src/engine/form/validator';
import { importClosure } from '../import-graph';

/**
 * The forms' checks are compiled when the console is built, so that the browser runs them without generating code
 * (its Content-Security-Policy has no `unsafe-eval`); they report failures as ajv does, which the forms turn into
 * field errors in the console's language.
 */

const ROOT = join(import.meta.dirname, '../..');
const forms = formSchemas(services);
type Prop = JsonSchema & { type?: string; maximum?: number; maxLength?: number };
const propsOf = (schema: JsonSchema) => Object.entries((schema.properties ?? {}) as Record<string, Prop>);

describe('the compiled form checks', () => {
  const code = formValidatorsCode();

  it('generate no code in the browser: no eval, no Function constructor', () => {
    expect(code.length).toBeGreaterThan(10_000);
    expect(code).not.toMatch(/\bnew\s+Function\b|\bFunction\s*\(|\beval\s*\(/);
    // What they bring along: ajv's small runtime helpers and the formats, never ajv's compiler.
    const imports = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imports.filter((i) => !i.startsWith('ajv/dist/runtime/') && !i.endsWith('src/engine/form/formats.ts'))).toEqual([]);
  });

  it("are loaded by the forms without ajv's compiler or the validator that compiles in the browser", () => {
    const { packages } = importClosure(ROOT, ['src/engine/form/SchemaForm.tsx']);
    expect(packages).toContain('virtual:form-validators');
    expect([...packages].filter((p) => /^ajv(\/dist\/(2020|ajv|core|standalone)|$)|^ajv-formats$|^@rjsf\/validator-ajv8$/.test(p))).toEqual([]);
  });

  it("call the server's formats, the very same definitions", () => {
    const server = makeAjv(false).formats as Record<string, unknown>;
    expect(Object.keys(server).length).toBeGreaterThan(20);
    for (const [name, definition] of Object.entries(server)) expect(FORMATS[name], name).toBe(definition);
  });
});

describe("a form's validation errors", () => {
  const t = (key: string, options?: Record<string, unknown>) => `${key}${options?.limit === undefined ? '' : ` ${String(options.limit)}`}`;

  it('land on the field, with the limit the schema sets, in the texts the form shows', () => {
    const form = forms.find((f) => propsOf(f.schema).some(([, p]) => p.type === 'integer' && typeof p.maximum === 'number'))!;
    const [name, prop] = propsOf(form.schema).find(([, p]) => p.type === 'integer' && typeof p.maximum === 'number')!;
    const schema = form.schema as RJSFSchema;
    const { errors, errorSchema } = validatorFor(schema).validateFormData({ [name]: prop.maximum! + 1, notAField: true }, schema);
    expect(errors).toContainEqual(expect.objectContaining({ name: 'maximum', property: `.${name}`, params: { comparison: '<=', limit: prop.maximum } }));
    expect((errorSchema as Record<string, { __errors?: string[] }>)[name].__errors).toEqual([`must be <= ${prop.maximum}`]);
    const shown = translateErrors(errors, t);
    expect(shown.find((e) => e.property === `.${name}`)?.message).toBe(`validation.maximum ${prop.maximum}`);
    if ((schema as { additionalProperties?: unknown }).additionalProperties === false) {
      expect(shown).toContainEqual(expect.objectContaining({ name: 'additionalProperties', params: { additionalProperty: 'notAField' }, message: 'validation.additionalProperties' }));
    }
  });

  it('name a missing required field', () => {
    const form = forms.find((f) => ((f.schema.required ?? []) as string[]).some((r) => !(propsOf(f.schema).find(([n]) => n === r)?.[1] as { default?: unknown })?.default))!;
    const missing = ((form.schema.required ?? []) as string[]).find((r) => (propsOf(form.schema).find(([n]) => n === r)?.[1] as { default?: unknown })?.default === undefined)!;
    const schema = form.schema as RJSFSchema;
    const { errors } = validatorFor(schema).validateFormData({}, schema);
    // A top-level field's name, as RJSF's processing of ajv's failures gives it.
    expect(errors).toContainEqual(expect.objectContaining({ name: 'required', property: missing, params: { missingProperty: missing } }));
    expect(translateErrors(errors, t).find((e) => e.property === missing)?.message).toBe('validation.required');
  });

  it('refuse a form whose schema no check was built for, naming where to list it', () => {
    expect(() => validatorFor({ type: 'object', properties: { unheardOf: { type: 'string' } } })).toThrow(/formSchemas/);
  });
});
