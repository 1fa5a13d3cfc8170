import { describe, expect, it } from 'vitest';
import { baking } from '../../resources/baking';
import { INSTANCE_TYPES } from '../../resources/baking/instance-types';
import { literalColons } from '../../server/engine/api';
import { toOpenApiPath } from '../../server/engine/openapi';

const resource = (name: string) => baking.resources.find((r) => r.name === name)!;
const examples = (name: string) => (resource(name).schema.examples as { name?: string }[]).map((e) => e.name);

describe('the custom methods’ addresses', () => {
  it('give Fastify the id up to the colon and the colon literally, and document the spec’s form', () => {
    const sessions = `${baking.base}/sessions`;
    expect(literalColons(`${sessions}/:id:cancel`)).toBe(`${sessions}/:id(^[^:/]+)::cancel`);
    expect(toOpenApiPath(`${sessions}/:id:cancel`)).toBe(`${sessions}/{id}:cancel`);
    // Plain parameters are left alone.
    expect(literalColons(`${sessions}/:id/nodes`)).toBe(`${sessions}/:id/nodes`);
    expect(literalColons('/a/:x-:y')).toBe('/a/:x-:y');
  });
});

describe('the baking declaration', () => {
  it('offers in the app’s settings exactly the platform’s instance types', () => {
    const items = (resource('settings').schema.properties as Record<string, { items: { enum: string[] } }>).instanceTypes.items;
    expect(items.enum).toEqual(INSTANCE_TYPES.map((t) => t.id));
  });

  it('gives the demo’s sessions and agents names the schemas’ examples do not use', () => {
    const demoNames = (resourceName: string) =>
      (baking.demo ?? []).flatMap((e) => ('resource' in e && e.resource === resourceName && 'data' in e ? [String(e.data.name)] : []));
    expect(demoNames('sessions').length).toBeGreaterThan(3);
    expect(demoNames('sessions').filter((n) => examples('sessions').includes(n))).toEqual([]);
    expect(demoNames('agents').filter((n) => examples('agents').includes(n))).toEqual([]);
  });

  it('puts every call of the agents’ protocol on the agent’s own record', () => {
    const agentCalls = Object.entries(baking.calls ?? {}).filter(([name]) => name.startsWith('agents.'));
    expect(agentCalls.length).toBe(6);
    for (const [name, call] of agentCalls) {
      expect(call.record?.resource, name).toBe('agents');
      expect(call.path.startsWith('/agents/:id/'), name).toBe(true);
    }
  });
});
