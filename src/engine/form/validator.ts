import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020';
import { SCHEMA_FORMATS } from '../../../resources/formats';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

export const isDateTime = (value: string): boolean => ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));

/**
 * The form validator: draft 2020-12 (the schemas' dialect), with the value formats the server registers too,
 * so a form refuses exactly what the server would.
 */
export const validator = customizeValidator({
  AjvClass: Ajv2020,
  customFormats: { ...SCHEMA_FORMATS, 'date-time': isDateTime },
});
