import { describe, expect, it } from 'vitest';
import { services } from '../../resources';
import type { JsonSchema } from '../../resources/types';
import { plainText } from '../../src/engine/detail-fields';
import { numberText, xui, type PropSchema } from '../../src/engine/schema';

/** Every integer property of a schema, nested ones too, with its path (`/ports[]/port`). */
function integers(schema: JsonSchema, path = ''): [string, PropSchema][] {
  const prop = schema as PropSchema;
  const isInteger = (p: PropSchema) => [p.type].flat().includes('integer');
  const own = Object.entries(prop.properties ?? {}).flatMap(([name, child]): [string, PropSchema][] => [
    ...(isInteger(child) ? [[`${path}/${name}`, child] as [string, PropSchema]] : []),
    ...integers(child, `${path}/${name}`),
  ]);
  return prop.items ? [...own, ...integers(prop.items, `${path}[]`)] : own;
}

describe('numbers that name something', () => {
  it('read as written; quantities are grouped', () => {
    const port = { type: 'integer', 'x-ui': { digits: 'plain' } } as PropSchema;
    expect(numberText(port, 8899, 'zh-CN')).toBe('8899');
    expect(numberText({ type: 'integer' } as PropSchema, 8899, 'en')).toBe('8,899');
    expect(plainText(port, 17300, 'en')).toBe('17300');
    expect(plainText({ type: 'integer' } as PropSchema, 17300, 'en')).toBe('17,300');
  });

  it('every port, process id and exit code of the declarations is shown as written (digits or a code widget)', () => {
    const named = /(^|\/)(port|proxyPort|containerPort|pid|exitCode)$/;
    const found: string[] = [];
    for (const service of services)
      for (const res of service.resources)
        for (const [path, prop] of integers(res.schema)) {
          if (!named.test(path.replace(/\[\]/g, ''))) continue;
          found.push(`${service.name}/${res.name}${path}`);
          expect(xui(prop).digits === 'plain' || xui(prop).widget === 'code', `${service.name}/${res.name}${path}`).toBe(true);
        }
    expect(found).toEqual(expect.arrayContaining(['func/functions/port', 'multiverse/profile-revisions/ports[]/port', 'match/matches/port']));
  });
});
