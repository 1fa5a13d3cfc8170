import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stacktrace } from '../../resources/stacktrace';
import { startHarness, type Harness } from './harness';
import { buildGameLibrary, strippedOf, tombstone, type GameLibrary } from './stacktrace-fixtures';

// The library a game ships is stripped; the unstripped one (same build-id) uploaded later brings file and line to
// the crashes already symbolicated to function only.
let h: Harness;
let lib: GameLibrary;
const base = `${stacktrace.base}/stacktrace`;

const upload = (bytes: Buffer) =>
  h.req({ method: 'POST', url: `${base}/symbols?fileName=libgame.so&version=2.0.0`, payload: bytes, headers: { authorization: h.basic, 'content-type': 'application/octet-stream' } });
type FrameOut = { function?: string; file?: string; line?: number };
const framesOf = async (id: string) =>
  ((await h.svc('GET', `${base}/stacktrace-records/${id}`)).json().frames as FrameOut[]).slice(0, 3).map((f) => [f.function, f.file?.split('/').pop(), f.line]);

beforeAll(async () => {
  h = await startHarness();
  lib = buildGameLibrary(2);
});
afterAll(() => h.close());

describe('lines arriving with a later symbol file', () => {
  it('a crash symbolicated with the stripped library gains file and line when the unstripped one replaces it', async () => {
    const stripped = await upload(strippedOf(lib));
    expect(stripped.statusCode, stripped.body).toBe(201);
    expect(stripped.json()).toMatchObject({ buildId: lib.buildId, hasLines: false });
    // Only the game's frames: the crash is finished with the stripped file, nothing waits for a symbol file.
    const log = tombstone(lib).split('\n').filter((l) => !l.includes('libc.so')).join('\n');
    const crash = (await h.svc('POST', `${base}/parse`, { log, version: '2.0.0' })).json();
    expect(crash.status).toBe('finished');
    expect(await framesOf(crash.id)).toEqual([
      ['crash_here', undefined, undefined],
      ['level_update', undefined, undefined],
      ['game_tick', undefined, undefined],
    ]);

    const full = await upload(lib.bytes);
    expect([full.json().id, full.json().hasLines]).toEqual([stripped.json().id, true]);
    // The fixture's source has one function a line, from line 2.
    expect(await framesOf(crash.id)).toEqual([
      ['crash_here', 'game.c', 2],
      ['level_update', 'game.c', 3],
      ['game_tick', 'game.c', 4],
    ]);
  });
});
