import { ID_KEY, JUNK_OPTION_ID, type CustomValidator, type ErrorTransformer, type RJSFSchema, type UiSchema, type ValidationData, type ValidatorType } from '@rjsf/utils';
import processRawValidationErrors from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';
import { fullFormats } from 'ajv-formats/dist/formats';
import { SCHEMA_FORMATS } from '../../../resources/formats';
import { schemaIssues, type FormatCheck, type Schema } from './schemaCheck';

type FormatDef = boolean | RegExp | ((value: string) => boolean) | { type?: string; validate: RegExp | ((value: string) => boolean) };

/** A format definition of ajv-formats as a check of text (number formats do not apply to text; `true` accepts all). */
function textCheck(def: FormatDef): FormatCheck | undefined {
  if (typeof def === 'boolean') return undefined;
  if (def instanceof RegExp) return (v) => def.test(v);
  if (typeof def === 'function') return def;
  if (def.type && def.type !== 'string') return undefined;
  return textCheck(def.validate);
}

/** The value formats the forms know: the same as the server's (ajv-formats' full set, and our own). */
export const FORMATS: Record<string, FormatCheck> = {
  ...Object.fromEntries(
    Object.entries(fullFormats as unknown as Record<string, FormatDef>).flatMap(([name, def]) => {
      const check = textCheck(def);
      return check ? [[name, check]] : [];
    }),
  ),
  ...SCHEMA_FORMATS,
};

/** A date and time as the server accepts it (RFC 3339, with seconds and a zone). */
export const isDateTime = (value: string): boolean => FORMATS['date-time'](value);

/**
 * The forms' validator: the same schemas as the server (draft 2020-12, the same formats), checked without
 * generating code (./schemaCheck), so it works under a Content-Security-Policy without `unsafe-eval`. Failures go
 * through RJSF's own processing, as they would from ajv, so fields show them the same way.
 */
class SchemaValidator implements ValidatorType {
  rawValidation<Result = unknown>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
    try {
      const issues = schemaIssues(schema as Schema, formData, FORMATS);
      return { errors: issues.length ? (issues as Result[]) : undefined };
    } catch (error) {
      return { validationError: error as Error };
    }
  }

  validateFormData(formData: unknown, schema: RJSFSchema, customValidate?: CustomValidator, transformErrors?: ErrorTransformer, uiSchema?: UiSchema): ValidationData<unknown> {
    return processRawValidationErrors(this, this.rawValidation(schema, formData), formData, schema, customValidate, transformErrors, uiSchema);
  }

  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    if (schema[ID_KEY] === JUNK_OPTION_ID) return false;
    try {
      return schemaIssues(schema as Schema, formData, FORMATS, rootSchema as Schema).length === 0;
    } catch {
      return false;
    }
  }
}

export const validator = new SchemaValidator();
