import { describe, expect, it } from 'vitest';
import { usync } from '../../resources/usync';
import { tiers } from '../../resources/usync/resources';
import { buildModel } from '../../server/engine/model';

describe('an update answering more methods than PUT (updateAlso)', () => {
  it('refuses to start on a resource that has no update', () => {
    expect(() => buildModel(usync, { ...tiers, operations: ['list', 'show', 'create'] })).toThrow(/updateAlso needs the update operation/);
  });
});
