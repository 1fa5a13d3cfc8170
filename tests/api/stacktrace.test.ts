import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stacktrace } from '../../resources/stacktrace';
import { startHarness, type Harness } from './harness';
import { buildGameLibrary, tombstone, type GameLibrary } from './stacktrace-fixtures';

// Symbol files and crash logs against a library compiled in the test (tests/api/stacktrace-fixtures.ts).
let h: Harness;
let lib: GameLibrary;
const base = `${stacktrace.base}/stacktrace`;

// libc's symbols as Breakpad's dump_syms writes them; its module id is the tombstone's build-id
// aa11bb22cc33dd44ee55ff6600778899… read as Breakpad does: the first 16 bytes as a little-endian GUID, then age 0.
const LIBC_SYM = [
  'MODULE Linux arm64 22BB11AA33CC44DDEE55FF66007788990 libc.so',
  'FILE 0 bionic/libc/bionic/libc_init_dynamic.cpp',
  'FUNC 49a00 40 0 __libc_init',
  '49a00 20 118 0',
  '49a20 20 120 0',
  'PUBLIC a1000 0 __start_thread',
  '',
].join('\n');

const upload = (bytes: Buffer, query: Record<string, string> = {}, basic = h.basic) =>
  h.req({ method: 'POST', url: `${base}/symbols?${new URLSearchParams({ fileName: 'libgame.so', ...query })}`, payload: bytes, headers: { authorization: basic, 'content-type': 'application/octet-stream' } });
const symbolCount = async () => (await h.svc('GET', `${base}/symbols`)).json().total as number;
const record = async (id: string) => (await h.svc('GET', `${base}/stacktrace-records/${id}`)).json();
type FrameOut = { function?: string; file?: string; line?: number; resolved: boolean };

beforeAll(async () => {
  h = await startHarness();
  lib = buildGameLibrary();
});
afterAll(() => h.close());

describe('symbol files', () => {
  it('an ELF shared object is keyed by its GNU build-id and lists its architecture, size and line information', async () => {
    const res = await upload(lib.bytes, { version: '1.0.0' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'elf', buildId: lib.buildId, moduleName: 'libgame.so', appVersion: '1.0.0', size: lib.bytes.length, hasLines: true, arch: 'x86_64' });
    expect(res.json().functionCount).toBeGreaterThanOrEqual(4);
    const list = await h.svc('GET', `${base}/symbols?buildId=${lib.buildId}`);
    expect(list.json().items.map((s: { id: string }) => s.id)).toEqual([res.json().id]);
    // The same module uploaded again replaces its file.
    const again = await upload(lib.bytes, { version: '1.0.1' });
    expect([again.json().id, again.json().appVersion]).toEqual([res.json().id, '1.0.1']);
    const removed = await h.svc('DELETE', `${base}/symbols/${res.json().id}`);
    expect(removed.statusCode).toBeLessThan(300);
    expect(await symbolCount()).toBe(0);
  });

  it('corrupt, truncated or unknown files and malformed .sym records are refused, nothing stored', async () => {
    const cases: [Buffer, RegExp][] = [
      [lib.bytes.subarray(0, 40), /52 bytes/],
      [lib.bytes.subarray(0, Math.floor(lib.bytes.length * 0.6)), /truncated|corrupt|build-id/],
      [Buffer.concat([lib.bytes.subarray(0, 16), Buffer.alloc(lib.bytes.length - 16, 0xff)]), /ELF|build-id/],
      [Buffer.from('just some text'), /neither an ELF/],
      [Buffer.from('MODULE Linux x86_64 0123456789ABCDEF0123456789ABCDEF0 libx.so\nFUNC zz 10 0 f\n'), /line 2/],
      [Buffer.from('MODULE Linux x86_64 0123456789ABCDEF0123456789ABCDEF0 libx.so\n1000 10 3 0\n'), /line 2: a line record outside a FUNC/],
      [Buffer.from('MODULE Linux x86_64 not-an-id libx.so\n'), /line 1/],
    ];
    for (const [bytes, message] of cases) {
      const res = await upload(bytes);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details[0].message).toMatch(message);
    }
    expect(await symbolCount()).toBe(0);
  });
});

describe('crash records', () => {
  let firstId: string;

  it('a tombstone parsed before its symbols fails, and is parsed again when the library is uploaded late', async () => {
    const res = await h.svc('POST', `${base}/parse`, { log: tombstone(lib), version: '1.0.0' });
    expect(res.statusCode, res.body).toBe(201);
    firstId = res.json().id;
    expect(res.json()).toMatchObject({ status: 'failed', format: 'tombstone', signal: 'SIGSEGV', frameCount: 4, resolvedCount: 0 });
    expect(res.json().error).toMatch(/no symbol file for libgame.so/);
    expect((await upload(lib.bytes, { version: '1.0.0' })).statusCode).toBe(201);
    const after = await record(firstId);
    expect(after).toMatchObject({ status: 'partial_finished', resolvedCount: 3, title: 'SIGSEGV in crash_here' });
    // File and line from the library's DWARF line table: the fixture's source has one function a line (lines 2-4).
    expect(after.frames.map((f: FrameOut) => [f.function, f.file?.split('/').pop(), f.line, f.resolved])).toEqual([
      ['crash_here', 'game.c', 2, true],
      ['level_update', 'game.c', 3, true],
      ['game_tick', 'game.c', 4, true],
      [undefined, undefined, undefined, false],
    ]);
  });

  it("a Breakpad .sym for libc gives function, file and line; re-parse finishes the record", async () => {
    expect((await upload(Buffer.from(LIBC_SYM), { fileName: 'libc.so.sym' })).json()).toMatchObject({ kind: 'breakpad', hasLines: true, moduleName: 'libc.so' });
    const again = await h.svc('POST', `${base}/re-parse`, { ids: [firstId] });
    expect(again.json()).toEqual({ parsed: 1, finished: 1, partial_finished: 0, failed: 0 });
    const r = await record(firstId);
    expect(r.status).toBe('finished');
    expect(r.frames[3]).toMatchObject({ function: '__libc_init', file: 'bionic/libc/bionic/libc_init_dynamic.cpp', line: 120, resolved: true });
  });

  it('a Breakpad stack walk (machine-readable) is symbolicated by its module ids', async () => {
    const log = [
      'OS|Linux|0.0.0',
      'Crash|SIGABRT|0x0|1',
      'Module|libc.so||libc.so|22BB11AA33CC44DDEE55FF66007788990|0x7000000000|0x70000fffff|1',
      '1|0|libc.so||||0x49a08',
      '1|1|libc.so||||0xa1010',
      '0|0|libc.so||||0x10',
    ].join('\n');
    const res = (await h.svc('POST', `${base}/parse`, { log })).json();
    expect(res).toMatchObject({ status: 'finished', format: 'breakpad', signal: 'SIGABRT', frameCount: 2 });
    expect(res.frames.map((f: FrameOut) => [f.function, f.line])).toEqual([['__libc_init', 118], ['__start_thread', undefined]]);
  });

  it('identical crashes share a signature: tags, aggregation and top-k count them', async () => {
    const twin = (await h.svc('POST', `${base}/parse`, { log: `Unity player log\n${tombstone(lib)}` })).json();
    expect(twin.format).toBe('unity');
    const first = await record(firstId);
    expect(twin.signature).toBe(first.signature);
    const tagged = await h.svc('POST', `${base}/stacktrace-records/tags`, { ids: [firstId, twin.id], tags: ['null-pointer'] });
    expect(tagged.json()).toEqual({ updated: 2 });
    expect((await h.svc('POST', `${base}/stacktrace-records/tags`, { ids: ['no-such-record'], tags: ['x'] })).statusCode).toBe(404);
    const aggRes = await h.svc('GET', `${base}/metrics/aggregation`);
    expect(aggRes.statusCode, aggRes.body).toBe(200);
    const agg = aggRes.json();
    expect([agg.crashes, agg.groups, agg.byStatus]).toEqual([3, 2, { finished: 3 }]);
    const top = (await h.svc('GET', `${base}/metrics/topk?k=1`)).json();
    expect(top.items.map((g: { signature: string; crashes: number }) => [g.signature, g.crashes])).toEqual([[first.signature, 2]]);
  });

  it('a log too large or without frames is refused or failed; another app sees nothing', async () => {
    const huge = await h.req({ method: 'POST', url: `${base}/parse`, payload: JSON.stringify({ log: 'x'.repeat(50_000_000) }), headers: { authorization: h.basic, 'content-type': 'application/json' } });
    expect([413, 400]).toContain(huge.statusCode);
    const before = (await h.svc('GET', `${base}/stacktrace-records`)).json().total;
    expect(before).toBe(3);
    const empty = (await h.svc('POST', `${base}/parse`, { log: 'nothing to see here' })).json();
    expect([empty.status, empty.format, empty.error]).toEqual(['failed', 'unknown', 'no stack frames found in the log']);
    const other = await h.req({ method: 'GET', url: `${base}/stacktrace-records/${firstId}`, headers: { authorization: h.otherBasic } });
    expect(other.statusCode).toBe(404);
    const otherList = await h.req({ method: 'GET', url: `${base}/symbols`, headers: { authorization: h.otherBasic } });
    expect(otherList.json().total).toBe(0);
  });
});
