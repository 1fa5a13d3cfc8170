import { gzipSync, zipSync } from 'fflate';
import { createTar } from 'nanotar';
import { describe, expect, it } from 'vitest';
import { fleetBuffer, memoryMiBOf, millicoresOf, normaliseEnvName } from '../../resources/multiverse/rules';
import { readArchive, safeEntryPath } from '../../server/services/multiverse/runtime/archive';
import { PortPool, parsePortRange, takePorts } from '../../server/services/multiverse/runtime/ports';
import { checkStartCommand } from '../../server/services/multiverse/runtime/start-command';

describe('spec 001 §5: environment variable names', () => {
  it.each([
    ['MAP_NAME', 'MAP_NAME'],
    ['map.name', 'map_name'],
    ['max-players', 'max_players'],
    ['1st', '_1st'],
    ['_private', '__private'],
    ['$HOME', '_$HOME'],
    ['a$b', 'a$b'],
    ['名字', '___'],
  ])('%s → %s', (name, expected) => expect(normaliseEnvName(name)).toBe(expected));
});

describe('CPU and memory of a revision', () => {
  it('millicores are ceil(1000 × cores), in decimal', () => {
    expect([0.1, 0.3, 0.0001, 1, 2.5, 0.1234].map(millicoresOf)).toEqual([100, 300, 1, 1000, 2500, 124]);
  });
  it('memory is 1536 MiB per core by default, rounded up', () => {
    expect([memoryMiBOf(1000), memoryMiBOf(100), memoryMiBOf(300), memoryMiBOf(500, 2048)]).toEqual([1536, 154, 461, 1024]);
  });
  it('a fleet keeps 20 % of its allocated servers Ready, at least 1', () => {
    expect([0, 1, 5, 6, 10, 11].map((n) => fleetBuffer(n))).toEqual([1, 1, 1, 2, 2, 3]);
    expect(fleetBuffer(0, 20, 0)).toBe(0);
  });
});

describe('host ports', () => {
  it('a range reads FROM-TO within 1-65535', () => {
    expect(parsePortRange('7000-7999')).toEqual({ from: 7000, to: 7999 });
    for (const bad of ['7999-7000', '0-10', '1-70000', 'abc', '7000']) expect(() => parsePortRange(bad)).toThrow();
  });
  it('free ports are taken after the last one given, wrapping round, never one in use, none past the range', () => {
    const r = { from: 10, to: 14 };
    expect(takePorts(r, new Set([11]), 3)).toEqual([10, 12, 13]);
    expect(takePorts(r, new Set([10, 11, 12, 13]), 2)).toBeUndefined();
    expect(takePorts(r, new Set(), 2, 14)).toEqual([14, 10]);
    const pool = new PortPool(r);
    expect(pool.take(2)).toEqual([10, 11]);
    expect(pool.take(2)).toEqual([12, 13]);
    pool.release([10]);
    expect(pool.take(2)).toEqual([14, 10]);
    expect(pool.take(1)).toBeUndefined();
    expect(pool.inUse).toBe(5);
  });
});

describe('start commands', () => {
  const files = new Set(['server.mjs', 'bin/game', 'README.txt']);
  it('a file of the archive, or an allowed interpreter and a script of the archive', () => {
    expect(checkStartCommand('./bin/game --port 1', files, ['node'])).toEqual({ program: { file: 'bin/game' }, args: ['--port', '1'] });
    expect(checkStartCommand('node ./server.mjs fast', files, ['node'])).toEqual({ program: { interpreter: 'node' }, args: ['server.mjs', 'fast'] });
  });
  it.each([
    ['/bin/sh -c true', 'the start command is outside the archive'],
    ['sh server.mjs', 'the start command is outside the archive'],
    ['node ../server.mjs', 'the start command is outside the archive'],
    ['bin/game ~/secret', 'the start command is outside the archive'],
    ['node game.mjs', 'the start command names a file the archive does not have'],
    ['bin/other', 'the start command names a file the archive does not have'],
    ['   ', 'the start command is empty'],
  ])('%s is refused: %s', (command, message) => expect(() => checkStartCommand(command, files, ['node'])).toThrow(message));
});

describe('archives', () => {
  const limits = { maxBytes: 1_000_000, maxEntries: 10 };
  const text = (t: string) => new TextEncoder().encode(t);
  it('reads a zip and a tar.gz, keeping tar\'s executable bit', () => {
    const zip = readArchive(zipSync({ 'a/b.txt': text('b'), 'c.txt': text('c') }), limits);
    expect([zip.kind, zip.entries.map((e) => e.path).sort()]).toEqual(['zip', ['a/b.txt', 'c.txt']]);
    const tgz = readArchive(gzipSync(createTar([{ name: 'run', data: 'x', attrs: { mode: '755' } }, { name: 'data/x.txt', data: 'y' }])), limits);
    expect(tgz.entries.map((e) => [e.path, e.executable])).toEqual([['run', true], ['data/x.txt', false]]);
  });
  it('refuses what is not an archive, a bomb past the limit, too many entries, paths outside the root', () => {
    expect(() => readArchive(text('plain text'), limits)).toThrow('the upload is not a zip or tar.gz archive');
    expect(() => readArchive(zipSync({ big: new Uint8Array(2_000_000) }, { level: 9 }), limits)).toThrow('the archive unpacks to more than the limit');
    expect(() => readArchive(gzipSync(createTar([{ name: 'big', data: new Uint8Array(2_000_000) }])), limits)).toThrow('the archive unpacks to more than the limit');
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, text('x')]));
    expect(() => readArchive(zipSync(many), limits)).toThrow('the archive has more entries than the limit');
    expect(() => readArchive(zipSync({ '../evil': text('x') }), limits)).toThrow('outside its root');
    expect(() => safeEntryPath('/etc/passwd')).toThrow();
    expect(safeEntryPath('./a//b')).toBe('a/b');
  });
});
