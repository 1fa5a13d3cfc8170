import { hashForSchema, ID_KEY, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import type { CompiledValidateFunction, ValidatorFunctions } from '@rjsf/validator-ajv8';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import compiled from 'virtual:form-validators';

/**
 * A check that looks at a copy: the server's options fill in defaults while checking (as the server does before
 * its own verdict), which must not write into the form's data.
 */
function onCopy(check: CompiledValidateFunction): CompiledValidateFunction {
  const copying: CompiledValidateFunction = (data: unknown) => {
    const valid = check(structuredClone(data));
    copying.errors = check.errors;
    return valid;
  };
  return copying;
}

const checks: ValidatorFunctions = Object.fromEntries(Object.entries(compiled).map(([key, check]) => [key, onCopy(check)]));

/** The key a schema's check is filed under (as react-jsonschema-form looks it up). */
export const schemaKey = (schema: RJSFSchema): string => (schema[ID_KEY] as string | undefined) ?? hashForSchema(schema);

const validators = new WeakMap<object, ValidatorType>();

/**
 * A form's validator: the checks compiled from its schema when the console was built, with the server's ajv
 * options and formats (scripts/form-validators.ts), run as they are — no code is generated in the browser, which
 * its Content-Security-Policy forbids. A schema no check was built for (one not listed in ./formSchemas) is an
 * error of the console's code: it throws, naming the schema's key.
 */
export function validatorFor(schema: RJSFSchema): ValidatorType {
  let validator = validators.get(schema);
  if (!validator) {
    if (!checks[schemaKey(schema)]) throw new Error(`No compiled check for the form schema ${schemaKey(schema)}: list it in src/engine/form/formSchemas.ts`);
    validator = createPrecompiledValidator(checks, schema);
    validators.set(schema, validator);
  }
  return validator;
}
