/**
 * The publishes list's "publish" as the format says it: a command made at its declared call's own address (the app's
 * id in the call's app parameter), and its form's release chosen among the releases of the bucket chosen above it.
 */
import { describe, expect, it } from 'vitest';
import { findResource } from '../../resources';
import { assetStreaming } from '../../resources/asset-streaming';
import { commandCallAddress } from '../../resources/command-call';
import type { CommandDecl } from '../../resources/types';
import { wind } from '../../resources/wind';
import { optionsParentId, optionsService } from '../../src/engine/form/widgets/reference-options';
import type { OptionsFrom } from '../../src/engine/schema';

const publishes = wind.resources.find((r) => r.name === 'publishes')!;
const command = publishes.commands!.find((c) => c.name === 'publish')!;
const props = (command.fields!.properties ?? {}) as Record<string, { 'x-ui'?: { optionsFrom?: OptionsFrom } }>;

describe('a command made at its declared call', () => {
  it("sends the dialog's values to the call's address, the app's id in its app parameter", () => {
    const values = { bucketId: 'b1', releaseId: 'r1', versionName: '1.0.0' };
    expect(commandCallAddress(wind, command, 'app-7', values)).toEqual({ method: 'POST', url: `${wind.base}/app-7/publish`, rest: values });
  });

  it('fills any other parameter of the call from the field of that name, and refuses a command naming no call', () => {
    const service = { ...wind, calls: { ...wind.calls, 'publish.again': { ...wind.calls!.publish, path: '/:id/publishes/:publishId/again' } } };
    const again: CommandDecl = { ...command, api: { call: 'publish.again' } };
    expect(commandCallAddress(service, again, 'app-7', { publishId: 'p 1', note: 'x' })).toEqual({ method: 'POST', url: `${wind.base}/app-7/publishes/p%201/again`, rest: { note: 'x' } });
    expect(() => commandCallAddress(wind, { ...command, api: { call: 'nothing' } }, 'app-7')).toThrow(/names no declared call/);
  });
});

describe("a choice of another service's records, under a record chosen in the form", () => {
  const releases = findResource(assetStreaming.name, 'releases');
  const bucketFrom = props.bucketId['x-ui']!.optionsFrom!;
  const releaseFrom = props.releaseId['x-ui']!.optionsFrom!;

  it("lists asset streaming's buckets, and the releases of the bucket the form holds", () => {
    expect(optionsService(bucketFrom, wind.name)).toBe(assetStreaming.name);
    expect(optionsService({ resource: 'channels', value: 'id' }, wind.name)).toBe(wind.name);
    expect(optionsParentId(releases, undefined, releaseFrom, { bucketId: 'b1' })).toBe('b1');
    // No bucket chosen yet: nothing to list, whatever record the form works under.
    expect(optionsParentId(releases, { resource: 'buckets', id: 'b9' }, releaseFrom, { bucketId: '' })).toBeNull();
  });

  it("without parentField, lists under the form's own parent as before", () => {
    expect(optionsParentId(releases, { resource: 'buckets', id: 'b9' }, { resource: 'releases', value: 'id' }, { bucketId: 'b1' })).toBe('b9');
    expect(optionsParentId(findResource(assetStreaming.name, 'buckets'), undefined, bucketFrom, {})).toBeUndefined();
  });
});
