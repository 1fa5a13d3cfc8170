import type { JsonSchema } from '../../resources/types';

type Props = Record<string, JsonSchema>;

const wrongTypeValue = (s: JsonSchema): unknown => {
  switch (s.type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'yes';
    case 'array':
      return 'not an array';
    case 'object':
      return 7;
    default:
      return undefined;
  }
};

/**
 * Payloads that break a schema in one way each, derived from the schema itself: the body not an object, each
 * required field missing, each field of the wrong type, past its length or range, outside its enum, and a field the
 * schema does not know.
 */
export function invalidPayloads(schema: JsonSchema, valid: Record<string, unknown>): { why: string; body: unknown }[] {
  const props = (schema.properties ?? {}) as Props;
  const out: { why: string; body: unknown }[] = [
    { why: 'an array instead of an object', body: [valid] },
    { why: 'a string instead of an object', body: 'text' },
    { why: 'an unknown field', body: { ...valid, notAField: 1 } },
  ];
  for (const f of (schema.required ?? []) as string[]) {
    const { [f]: _gone, ...rest } = valid;
    out.push({ why: `missing ${f}`, body: rest });
  }
  for (const [f, s] of Object.entries(props)) {
    const wrong = wrongTypeValue(s);
    if (wrong !== undefined) out.push({ why: `${f} of the wrong type`, body: { ...valid, [f]: wrong } });
    if (typeof s.maxLength === 'number') out.push({ why: `${f} too long`, body: { ...valid, [f]: 'x'.repeat(s.maxLength + 1) } });
    if (typeof s.minLength === 'number' && s.minLength > 0) out.push({ why: `${f} too short`, body: { ...valid, [f]: '' } });
    if (typeof s.maximum === 'number') out.push({ why: `${f} above its maximum`, body: { ...valid, [f]: s.maximum + 1 } });
    if (typeof s.minimum === 'number') out.push({ why: `${f} below its minimum`, body: { ...valid, [f]: s.minimum - 1 } });
    if (Array.isArray(s.enum)) out.push({ why: `${f} outside its enum`, body: { ...valid, [f]: '__none_of_these__' } });
    if (typeof s.minItems === 'number' && s.minItems > 0) out.push({ why: `${f} with too few items`, body: { ...valid, [f]: [] } });
  }
  return out;
}
