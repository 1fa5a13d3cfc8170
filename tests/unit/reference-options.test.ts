import { describe, expect, it } from 'vitest';
import { badges, buckets, releases } from '../../resources/cdn/resources';
import { setBadgeCommand } from '../../resources/cdn/commands';
import { optionsParentId, referenceOption } from '../../src/engine/form/widgets/reference-options';
import type { OptionsFrom } from '../../src/engine/schema';
import { matchConfigs } from '../../resources/match/resources';
import ticketSchema from '../../schemas/match/ticket.json' with { type: 'json' };

describe("a choice of a sub-resource's records", () => {
  it('lists them under the record the form works under when it is of their parent resource', () => {
    expect(optionsParentId(releases, { resource: 'buckets', id: 'b-1' })).toBe('b-1');
  });

  it('lists nothing without such a record (another resource, or none)', () => {
    expect(optionsParentId(releases, { resource: 'mods', id: 'm-1' })).toBeNull();
    expect(optionsParentId(releases, undefined)).toBeNull();
  });

  it("lists records whose parent is the app itself under the open app, wherever the choice is (a ticket's config)", () => {
    expect(matchConfigs.parent?.ofApp).toBe(true);
    expect(optionsParentId(matchConfigs, undefined, { resource: 'configs', value: 'id', label: 'name' }, {}, 'app-1')).toBe('app-1');
    expect(optionsParentId(matchConfigs, undefined, { resource: 'configs', value: 'id' }, {})).toBeNull();
    // The ticket names its config by its record, shown by the config's name.
    expect(ticketSchema.properties.configId['x-ui'].optionsFrom).toEqual({ resource: matchConfigs.name, value: matchConfigs.idField, label: matchConfigs.titleField });
  });

  it('needs no parent for a resource that is not nested', () => {
    expect(optionsParentId(buckets, { resource: 'buckets', id: 'b-1' })).toBeUndefined();
    expect(optionsParentId(undefined, undefined)).toBeUndefined();
  });

  it("is what the badge's release is chosen from, its command being on the bucket's badges", () => {
    const from = (setBadgeCommand.fields?.properties as Record<string, { 'x-ui': { optionsFrom: OptionsFrom } }>).releaseId['x-ui'].optionsFrom;
    expect(from.resource).toBe(releases.name);
    expect(badges.parent?.resource).toBe(releases.parent?.resource);
  });
});

describe('how a choice reads', () => {
  const release = { id: 'r-9', releaseNum: 3, notes: 'Desert level' };

  it('shows a number label as #n, then the hint field after a dot', () => {
    expect(referenceOption({ resource: 'releases', value: 'id', label: 'releaseNum', hint: 'notes' }, release)).toEqual({ value: 'r-9', label: '#3 · Desert level' });
  });

  it('leaves an empty hint out, shows a text label as it is, and the value when nothing else names it', () => {
    expect(referenceOption({ resource: 'releases', value: 'id', label: 'releaseNum', hint: 'notes' }, { ...release, notes: '' })).toEqual({ value: 'r-9', label: '#3' });
    expect(referenceOption({ resource: 'realms', value: 'id', label: 'name' }, { id: 'x', name: 'North' })).toEqual({ value: 'x', label: 'North' });
    expect(referenceOption({ resource: 'realms', value: 'id', label: 'name' }, { id: 'x' })).toEqual({ value: 'x', label: 'x' });
  });
});
