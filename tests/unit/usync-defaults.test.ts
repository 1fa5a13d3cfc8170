/** Sync's records start from the values of spec 001 §9 the service's prices keep (the schema defaults read them). */
import { describe, expect, it } from 'vitest';
import { usync } from '../../resources/usync';
import profileSchema from '../../schemas/usync/profile.json' with { type: 'json' };
import tierSchema from '../../schemas/usync/tier.json' with { type: 'json' };

const spec = usync.prices!;
const defaultOf = (schema: { properties: object }, field: string) => (schema.properties as Record<string, { default?: unknown }>)[field].default;

describe('Sync defaults', () => {
  it("are spec 001 §9's: 5 rooms, 4 players a room, 30 minutes to live, 300 s idle, 625000 bytes a second", () => {
    expect(defaultOf(profileSchema, 'roomCount')).toBe(Number(spec.roomCount));
    expect(defaultOf(profileSchema, 'ratio')).toBe(Number(spec.ratio));
    expect(defaultOf(profileSchema, 'ttlMinutes')).toBe(Number(spec.roomTtlMinutes));
    expect(defaultOf(profileSchema, 'idleSeconds')).toBe(Number(spec.idleSeconds));
    expect(defaultOf(tierSchema, 'netAllowance')).toBe(Number(spec.netAllowance));
  });

  it('list the transports with ws the default, the two unavailable ones named so in both languages', () => {
    const transport = profileSchema.properties.transport as { enum: string[]; default: string; 'x-ui': { enumNames: Record<string, string[]> } };
    expect(transport.enum).toEqual(['ws', 'utp', 'kcp2k']);
    expect(transport.default).toBe('ws');
    expect(transport['x-ui'].enumNames.en.slice(1).every((n) => n.includes('unavailable'))).toBe(true);
    expect(transport['x-ui'].enumNames['zh-CN'].slice(1).every((n) => n.includes('不可用'))).toBe(true);
  });
});
