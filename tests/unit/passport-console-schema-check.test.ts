import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ErrorObject } from 'ajv';
import { getDefaultFormState, retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { services } from '../../resources';
import type { JsonSchema } from '../../resources/types';
import { compileSchema } from '../../server/engine/ajv';
import { formSchemas, type FormSchema } from '../../src/engine/form/formSchemas';
import { validatorFor } from '../../src/engine/form/validator';
import { invalidPayloads } from '../api/invalid-payloads';

/**
 * The console checks a form with code compiled from its schema when the console is built; the server checks the
 * same schema with ajv at run time. Over every schema a console form validates against, both must accept and
 * refuse the same data and name the same failures: on the declared examples, on payloads broken one way each, and
 * on random records.
 */

const forms = formSchemas(services);

type Failure = Pick<ErrorObject, 'instancePath' | 'keyword' | 'params' | 'message'>;
const detail = ({ instancePath, keyword, params, message }: Failure) => JSON.stringify({ instancePath, keyword, params, message });

/** The server's failures, as its route validation finds them (the same ajv, compiled at run time). */
function serverFailures(schema: JsonSchema, data: unknown): string[] {
  const validate = compileSchema(schema);
  validate(structuredClone(data));
  return (validate.errors ?? []).map(detail).sort();
}

/** The console's failures: the form's validator, as the form runs it. */
function consoleFailures(schema: JsonSchema, data: unknown): string[] {
  const { errors } = validatorFor(schema as RJSFSchema).rawValidation<ErrorObject>(schema as RJSFSchema, data);
  return (errors ?? []).map(detail).sort();
}

const fieldsOf = (schema: JsonSchema) => Object.keys((schema.properties ?? {}) as object);

/** A declared example reduced to the form's fields (a create form leaves out what the server fills in); a page's forms have their own only. */
function examplesOf(form: FormSchema): Record<string, unknown>[] {
  const decl = services.flatMap((s) => s.resources.map((r) => ({ at: `${s.name}/${r.name}`, r }))).find((d) => form.name.startsWith(`${d.at} `))?.r;
  const own = ((form.schema as { examples?: unknown[] }).examples ?? []) as Record<string, unknown>[];
  // A page's command is not a resource's: only its own examples apply.
  const declared = ((decl?.schema as { examples?: unknown[] } | undefined)?.examples ?? []) as Record<string, unknown>[];
  const fields = fieldsOf(form.schema);
  return [...own, ...declared, {}].map((example) => Object.fromEntries(Object.entries(example).filter(([k]) => fields.includes(k))));
}

/** Text that exercises the formats and patterns the schemas use, beside arbitrary text. */
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', 'a', 'spring-cup', 'bad slug!', '2026-01-02T03:04:05Z', '2026-13-40T99:00:00Z', 'https://example.com/x', 'not a url', '42', '-7', '1.5', 'true', '{"a":1}', '{bad', 'x'.repeat(70), 'x'.repeat(600)),
);
const scalar = fc.oneof(text, fc.integer({ min: -5, max: 2_000_000 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.array(fc.dictionary(text, scalar, { maxKeys: 3 }), { maxLength: 3 }), fc.dictionary(text, scalar, { maxKeys: 3 }));

/** A record made of the schema's own field names (and now and then another), with values of any kind. */
function records(schema: JsonSchema) {
  const names = fieldsOf(schema);
  const key = names.length ? fc.oneof({ arbitrary: fc.constantFrom(...names), weight: 8 }, { arbitrary: fc.constant('notAField'), weight: 1 }) : fc.constant('notAField');
  return fc.dictionary(key, value, { maxKeys: names.length + 1 });
}

describe("the console's form checks", () => {
  it('exist for every schema a console form validates against, and for what the form checks on its own', () => {
    expect(forms.length).toBeGreaterThan(50);
    for (const form of forms) {
      const schema = form.schema as RJSFSchema;
      const validator = validatorFor(schema);
      // What the form does as it shows: its defaults, then its conditions and options resolved for the data.
      for (const example of examplesOf(form)) {
        const data = getDefaultFormState(validator, schema, example, schema);
        expect(() => retrieveSchema(validator, schema, schema, data), form.name).not.toThrow();
      }
    }
  });

  it("accept and refuse as the server does, naming the same failures, on examples and payloads broken one way each", () => {
    let accepted = 0;
    let refused = 0;
    for (const form of forms) {
      for (const example of examplesOf(form)) {
        for (const data of [example, ...invalidPayloads(form.schema, example).map((p) => p.body)]) {
          const expected = serverFailures(form.schema, data);
          expect(consoleFailures(form.schema, data), `${form.name}: ${JSON.stringify(data).slice(0, 200)}`).toEqual(expected);
          if (expected.length) refused++;
          else accepted++;
        }
      }
    }
    expect(accepted).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(500);
  });

  it('name the same failures as the server on random records', () => {
    for (const form of forms) {
      fc.assert(
        fc.property(records(form.schema), (data) => {
          expect(consoleFailures(form.schema, data), `${form.name}: ${JSON.stringify(data).slice(0, 300)}`).toEqual(serverFailures(form.schema, data));
        }),
        { numRuns: 60 },
      );
    }
  });

  it("leave the form's data as typed (the server's defaults fill in a copy)", () => {
    const withDefault = forms.find((f) => Object.values((f.schema.properties ?? {}) as Record<string, { default?: unknown }>).some((p) => p.default !== undefined))!;
    const schema = withDefault.schema as RJSFSchema;
    const data = {};
    validatorFor(schema).validateFormData(data, schema);
    expect(data).toEqual({});
  });
});
