import { describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { lookupMessage } from '../../resources/messages';
import { NO_SUCH_RECORD } from '../../server/engine/reference-checks';

/** The messages of a write naming no record (declared on each reference, or the engine's default) are in the dictionary. */
describe('reference messages', () => {
  const declared = services.flatMap((s) => s.resources.flatMap((r) => (r.references ?? []).flatMap((ref) => (ref.message ? [`${s.name}/${r.name}.${ref.field}: ${ref.message}`] : []))));

  it('has a Chinese and an English text for every declared message and the default', () => {
    // The declarations name some, or this test proves nothing.
    expect(declared).toEqual(expect.arrayContaining(['passport/users.realmId: no such realm', 'passport/personas.tags[]: no such tag']));
    const missing = [...declared, `default: ${NO_SUCH_RECORD}`].filter((d) => !lookupMessage(d.slice(d.indexOf(': ') + 2)));
    expect(missing).toEqual([]);
  });
});
