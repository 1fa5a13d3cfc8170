import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { services } from '../../resources';
import { SCHEMA_FORMATS } from '../../resources/formats';
import type { JsonSchema } from '../../resources/types';
import { formFields, narrowSchema } from '../../src/engine/schema';
import { CHECKED_KEYWORDS, schemaIssues, type Schema } from '../../src/engine/form/schemaCheck';
import { FORMATS } from '../../src/engine/form/validator';
import { invalidPayloads } from '../api/invalid-payloads';

/**
 * The console checks forms without generating code (its Content-Security-Policy forbids `eval`); the server checks
 * the same schemas with ajv. Over every declared schema, both must reach the same verdict and name the same
 * failures — on the schema's examples, on payloads broken one way each, and on random records.
 */

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
for (const [name, check] of Object.entries(SCHEMA_FORMATS)) ajv.addFormat(name, { type: 'string', validate: check });
ajv.addKeyword({ keyword: 'x-ui' });

/** Every schema a console form is made of: each resource's create and edit forms, action and command fields. */
const forms: { name: string; schema: JsonSchema; examples: unknown[] }[] = services.flatMap((service) =>
  service.resources.flatMap((decl) => {
    const examples = ((decl.schema as { examples?: unknown[] }).examples ?? []) as unknown[];
    const withoutId = (s: JsonSchema) => {
      const { $id: _id, ...rest } = s as JsonSchema & { $id?: string };
      return rest;
    };
    return [
      { name: `${service.name}/${decl.name}`, schema: withoutId(decl.schema), examples },
      { name: `${service.name}/${decl.name} create form`, schema: narrowSchema(decl.schema, formFields(decl, 'create')), examples },
      ...(decl.actions ?? []).flatMap((a) => (a.fields ? [{ name: `${service.name}/${decl.name} ${a.name}`, schema: a.fields, examples: [] }] : [])),
      ...(decl.commands ?? []).flatMap((c) => (c.fields ? [{ name: `${service.name}/${decl.name} ${c.name}`, schema: c.fields, examples: [] }] : [])),
    ];
  }),
);

const compiled = new Map(forms.map((f) => [f.name, ajv.compile(f.schema)]));

/** Failures as `path keyword` lines, sorted: what a form shows, whatever the order they were found in. */
const ajvFailures = (name: string, data: unknown) => {
  const validate = compiled.get(name)!;
  validate(structuredClone(data));
  return [...new Set((validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`))].sort();
};
const ownFailures = (schema: JsonSchema, data: unknown) => [...new Set(schemaIssues(schema as Schema, data, FORMATS).map((e) => `${e.instancePath} ${e.keyword}`))].sort();

/** Text that exercises the formats and patterns the schemas use, beside arbitrary text. */
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', 'a', 'spring-cup', 'Spring Cup', 'bad slug!', 'a--b', '2026-01-02T03:04:05Z', '2026-13-40T99:00:00Z', 'https://example.com/x', 'not a url', '42', '-7', '1.5', 'true', '{"a":1}', '{bad', 'x'.repeat(70), 'x'.repeat(600)),
);
const scalar = fc.oneof(text, fc.integer({ min: -5, max: 2_000_000 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.array(fc.dictionary(text, scalar, { maxKeys: 3 }), { maxLength: 3 }), fc.dictionary(text, scalar, { maxKeys: 3 }));

/** A record made of the schema's own field names (and now and then another), with values of any kind. */
function records(schema: JsonSchema) {
  const names = Object.keys((schema.properties ?? {}) as object);
  const key = names.length ? fc.oneof({ arbitrary: fc.constantFrom(...names), weight: 8 }, { arbitrary: fc.constant('notAField'), weight: 1 }) : fc.constant('notAField');
  return fc.dictionary(key, value, { maxKeys: names.length + 1 });
}

describe('form validation without eval', () => {
  it('covers every keyword the declared schemas constrain with', () => {
    const annotations = new Set(['$schema', '$id', 'title', 'description', 'default', 'examples', 'readOnly', 'x-ui', 'properties', '$defs']);
    const used = new Set<string>();
    const walk = (s: unknown) => {
      if (!s || typeof s !== 'object') return;
      if (Array.isArray(s)) return s.forEach(walk);
      for (const [k, v] of Object.entries(s)) {
        if (k === 'x-ui' || k === 'examples' || k === 'default' || k === 'const' || k === 'enum') {
          used.add(k);
          continue;
        }
        used.add(k);
        if (k === 'properties' || k === '$defs' || k === 'patternProperties') Object.values(v as object).forEach(walk);
        else walk(v);
      }
    };
    forms.forEach((f) => walk(f.schema));
    const known = new Set<string>([...CHECKED_KEYWORDS, ...annotations, 'enum', 'const']);
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
    expect(forms.length).toBeGreaterThan(30);
  });

  it("reaches ajv's verdict on every example and on payloads broken one way each", () => {
    let checked = 0;
    for (const form of forms) {
      for (const example of form.examples) {
        const payloads = [example, ...invalidPayloads(form.schema, example as Record<string, unknown>).map((p) => p.body)];
        for (const data of payloads) {
          expect(ownFailures(form.schema, data), `${form.name}: ${JSON.stringify(data).slice(0, 200)}`).toEqual(ajvFailures(form.name, data));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('names the same failures as ajv on random records', () => {
    for (const form of forms) {
      fc.assert(
        fc.property(records(form.schema), (data) => {
          expect(ownFailures(form.schema, data), `${form.name}: ${JSON.stringify(data).slice(0, 300)}`).toEqual(ajvFailures(form.name, data));
        }),
        { numRuns: 150 },
      );
    }
  });

  it("reports each failure as ajv does: path, keyword, parameters and message", () => {
    const schema = {
      type: 'object',
      required: ['name'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', maxLength: 3, pattern: '^[a-z]+$' },
        tags: { type: 'array', uniqueItems: true, items: { type: 'string' } },
        parts: { type: 'array', uniqueItems: true, items: { type: 'object' } },
        level: { type: 'integer', minimum: 1, exclusiveMaximum: 10 },
        kind: { enum: ['a', 'b'] },
      },
      propertyNames: { maxLength: 5 },
    };
    const validate = ajv.compile(schema);
    const detail = (e: { instancePath: string; keyword: string; params: unknown; message?: string }) => ({ at: e.instancePath, keyword: e.keyword, params: e.params, message: e.message });
    for (const data of [
      { tags: ['a', 'b', 'a'], parts: [{ x: 1 }, { x: 1 }], extra: 1 },
      { name: 'ABCD', level: 10, kind: 'c' },
      { name: 'ab', level: 0.5, tags: [1, 'x', 1] },
    ]) {
      validate(data);
      expect(schemaIssues(schema, data, FORMATS).map(detail).sort(byText)).toEqual((validate.errors ?? []).map(detail).sort(byText));
    }
  });
});

const byText = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
