/** The forms' checks, compiled when the console is built (scripts/form-validators.ts): by schema key. */
declare module 'virtual:form-validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

  const validators: ValidatorFunctions;
  export default validators;
}
