import { fullFormats } from 'ajv-formats/dist/formats';
import { SCHEMA_FORMAT_DEFINITIONS } from '../../../resources/formats';

/**
 * Every value format a form's compiled checks call, by name, as the server's ajv holds them: ajv-formats' full
 * set and our own (the same objects). The code the build generates reads its formats from here.
 */
export const FORMATS: Record<string, unknown> = { ...fullFormats, ...SCHEMA_FORMAT_DEFINITIONS };
