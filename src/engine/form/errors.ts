import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import type { FieldIssue } from '../../../providers/types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * A 400's `details` as RJSF's error schema: `{ field: '/variants/0/name' }` lands on that field. Query and path
 * fields (`query.x`, `params.x`) and the body itself (`/`) land on the form as a whole.
 */
export function detailsToErrorSchema(details: FieldIssue[], translate: (message: string) => string): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { field, message } of details) {
    const segments = field.startsWith('/') ? field.split('/').slice(1).filter(Boolean).map(unescapePointer) : [];
    let node = root;
    for (const segment of segments) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    const list = (node.__errors ??= []) as string[];
    const text = translate(message);
    if (!list.includes(text)) list.push(text);
  }
  return root as ErrorSchema;
}

/** Whether an error schema holds any message. */
export function hasErrors(schema: ErrorSchema | undefined): boolean {
  if (!schema) return false;
  return Object.entries(schema).some(([key, value]) =>
    key === '__errors' ? Array.isArray(value) && value.length > 0 : hasErrors(value as ErrorSchema),
  );
}

const LIMITS = ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'maxProperties'];

/** Ajv's English messages in the console's language; noise (failed `if` branches, duplicates) dropped. */
export function translateErrors(errors: RJSFValidationError[], t: Translate): RJSFValidationError[] {
  const seen = new Set<string>();
  const out: RJSFValidationError[] = [];
  for (const error of errors) {
    const name = error.name ?? '';
    const schemaPath = error.schemaPath ?? '';
    if (name === 'if') continue;
    // A bad property name reports `pattern` inside `propertyNames` too; the `propertyNames` error says it all.
    if (schemaPath.includes('/propertyNames/')) continue;
    const params = (error.params ?? {}) as Record<string, unknown>;
    let message: string;
    if (LIMITS.includes(name)) message = t(`validation.${name}`, { limit: params.limit });
    else if (name === 'format') message = t(`validation.formats.${String(params.format)}`, { defaultValue: t('validation.format') });
    else if (name === 'const') message = t('validation.const', { value: params.allowedValue });
    else if (['required', 'pattern', 'type', 'enum', 'propertyNames', 'additionalProperties'].includes(name)) message = t(`validation.${name}`);
    else message = error.message ?? t('validation.format');
    const key = `${error.property}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...error, message, stack: `${error.property ?? ''} ${message}`.trim() });
  }
  return out;
}
