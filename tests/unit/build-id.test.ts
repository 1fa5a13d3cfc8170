import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ELF_MIN_SIZE, readBuildId } from '../../src/lib/buildId';

// ---------------------------------------------------------------------------------------------------------------
// A minimal ELF writer: header, a note area, optional PT_NOTE program header, optional section headers
// (null, .note.gnu.build-id, .shstrtab). Field offsets from the System V ABI.
// ---------------------------------------------------------------------------------------------------------------

interface Note {
  /** A name is written with its terminating NUL; raw bytes are written as they are. */
  name: string | Uint8Array;
  type: number;
  desc: Uint8Array;
}

interface ElfOptions {
  bits: 32 | 64;
  littleEndian: boolean;
  notes: Note[];
  sections?: boolean;
  segments?: boolean;
}

const align = (n: number, to: number) => Math.ceil(n / to) * to;

class Writer {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  constructor(
    size: number,
    private readonly le: boolean,
    private readonly is64: boolean,
  ) {
    this.bytes = new Uint8Array(size);
    this.view = new DataView(this.bytes.buffer);
  }
  u8(at: number, v: number) {
    this.view.setUint8(at, v);
  }
  u16(at: number, v: number) {
    this.view.setUint16(at, v, this.le);
  }
  u32(at: number, v: number) {
    this.view.setUint32(at, v, this.le);
  }
  /** An address, offset or size: 4 bytes in 32-bit files, 8 in 64-bit ones. */
  word(at: number, v: number) {
    if (this.is64) this.view.setBigUint64(at, BigInt(v), this.le);
    else this.u32(at, v);
  }
  put(at: number, data: Uint8Array) {
    this.bytes.set(data, at);
  }
}

function encodeNotes(notes: Note[], le: boolean): Uint8Array {
  const parts = notes.map((n) => {
    const name = typeof n.name === 'string' ? new TextEncoder().encode(`${n.name}\0`) : n.name;
    const w = new Writer(12 + align(name.length, 4) + align(n.desc.length, 4), le, false);
    w.u32(0, name.length);
    w.u32(4, n.desc.length);
    w.u32(8, n.type);
    w.put(12, name);
    w.put(12 + align(name.length, 4), n.desc);
    return w.bytes;
  });
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function buildElf({ bits, littleEndian, notes, sections = true, segments = false }: ElfOptions): Uint8Array {
  const is64 = bits === 64;
  const ehsize = is64 ? 64 : 52;
  const phentsize = is64 ? 56 : 32;
  const shentsize = is64 ? 64 : 40;
  const noteBytes = encodeNotes(notes, littleEndian);
  const strtab = new TextEncoder().encode('\0.note.gnu.build-id\0.shstrtab\0');
  const notesOff = ehsize;
  const strOff = notesOff + noteBytes.length;
  const phOff = segments ? align(strOff + strtab.length, 8) : 0;
  const shOff = sections ? align((segments ? phOff + phentsize : strOff + strtab.length), 8) : 0;
  const size = sections ? shOff + 3 * shentsize : segments ? phOff + phentsize : strOff + strtab.length;
  const w = new Writer(size, littleEndian, is64);

  w.put(0, new Uint8Array([0x7f, 0x45, 0x4c, 0x46, is64 ? 2 : 1, littleEndian ? 1 : 2, 1]));
  w.u16(16, 2); // ET_EXEC
  w.u16(18, is64 ? 62 : 8); // x86-64, or MIPS (a big-endian 32-bit machine)
  w.u32(20, 1); // EV_CURRENT
  const h = is64
    ? { phoff: 32, shoff: 40, ehsize: 52, phentsize: 54, phnum: 56, shentsize: 58, shnum: 60, shstrndx: 62 }
    : { phoff: 28, shoff: 32, ehsize: 40, phentsize: 42, phnum: 44, shentsize: 46, shnum: 48, shstrndx: 50 };
  w.word(h.phoff, phOff);
  w.word(h.shoff, shOff);
  w.u16(h.ehsize, ehsize);
  w.u16(h.phentsize, phentsize);
  w.u16(h.phnum, segments ? 1 : 0);
  w.u16(h.shentsize, shentsize);
  w.u16(h.shnum, sections ? 3 : 0);
  w.u16(h.shstrndx, sections ? 2 : 0);
  w.put(notesOff, noteBytes);
  w.put(strOff, strtab);

  if (segments) {
    w.u32(phOff, 4); // PT_NOTE
    if (is64) {
      w.u32(phOff + 4, 4); // PF_R
      w.word(phOff + 8, notesOff);
      w.word(phOff + 32, noteBytes.length);
      w.word(phOff + 40, noteBytes.length);
      w.word(phOff + 48, 4);
    } else {
      w.word(phOff + 4, notesOff);
      w.word(phOff + 16, noteBytes.length);
      w.word(phOff + 20, noteBytes.length);
      w.u32(phOff + 24, 4);
      w.word(phOff + 28, 4);
    }
  }

  if (sections) {
    const section = (index: number, name: number, type: number, flags: number, offset: number, length: number, alignment: number) => {
      const at = shOff + index * shentsize;
      w.u32(at, name);
      w.u32(at + 4, type);
      w.word(at + 8, flags);
      w.word(at + (is64 ? 24 : 16), offset);
      w.word(at + (is64 ? 32 : 20), length);
      w.word(at + (is64 ? 48 : 32), alignment);
    };
    section(1, 1, 7, 2, notesOff, noteBytes.length, 4); // .note.gnu.build-id: SHT_NOTE, SHF_ALLOC
    section(2, 20, 3, 0, strOff, strtab.length, 1); // .shstrtab: SHT_STRTAB
  }
  return w.bytes;
}

const hex = (s: string) => Uint8Array.from(s.match(/../g)!.map((b) => parseInt(b, 16)));
const ID_20 = '3f5c8a1e9b0d2746c1a8e5f30b9d7c6a4e2f1b08';
const ID_8 = '0123456789abcdef';
const abiTag: Note = { name: 'GNU', type: 1, desc: hex('00000000030000000200000000000000') };
const buildIdNote = (id: string): Note => ({ name: 'GNU', type: 3, desc: hex(id) });

// ---------------------------------------------------------------------------------------------------------------

describe('readBuildId', () => {
  it('reads the build id of a 64-bit little-endian file from its note section, past another note', () => {
    const elf = buildElf({ bits: 64, littleEndian: true, notes: [abiTag, buildIdNote(ID_20)] });
    expect(readBuildId(elf)).toBe(ID_20);
  });

  it('reads the build id of a 32-bit big-endian file', () => {
    const elf = buildElf({ bits: 32, littleEndian: false, notes: [buildIdNote(ID_8)] });
    expect(readBuildId(elf)).toBe(ID_8);
  });

  it('reads 32-bit little-endian and 64-bit big-endian files too', () => {
    expect(readBuildId(buildElf({ bits: 32, littleEndian: true, notes: [abiTag, buildIdNote(ID_20)] }))).toBe(ID_20);
    expect(readBuildId(buildElf({ bits: 64, littleEndian: false, notes: [buildIdNote(ID_8)] }))).toBe(ID_8);
  });

  it('finds the note through a PT_NOTE program header when there are no section headers', () => {
    for (const bits of [32, 64] as const) {
      const elf = buildElf({ bits, littleEndian: bits === 64, notes: [abiTag, buildIdNote(ID_20)], sections: false, segments: true });
      expect(readBuildId(elf), `${bits}-bit`).toBe(ID_20);
    }
  });

  it('yields nothing without a GNU build-id note', () => {
    expect(readBuildId(buildElf({ bits: 64, littleEndian: true, notes: [abiTag] }))).toBeUndefined();
    expect(readBuildId(buildElf({ bits: 64, littleEndian: true, notes: [] }))).toBeUndefined();
    // Right type, wrong owner.
    expect(readBuildId(buildElf({ bits: 64, littleEndian: true, notes: [{ name: 'XYZ', type: 3, desc: hex(ID_8) }] }))).toBeUndefined();
    // "GNU" without its NUL.
    const gnuNoNul = { name: new TextEncoder().encode('GNU'), type: 3, desc: hex(ID_8) };
    expect(readBuildId(buildElf({ bits: 64, littleEndian: true, notes: [gnuNoNul] }))).toBeUndefined();
    // An empty descriptor.
    expect(readBuildId(buildElf({ bits: 64, littleEndian: true, notes: [{ name: 'GNU', type: 3, desc: new Uint8Array() }] }))).toBeUndefined();
  });

  it('needs at least 52 bytes', () => {
    expect(ELF_MIN_SIZE).toBe(52);
    const elf = buildElf({ bits: 32, littleEndian: true, notes: [buildIdNote(ID_8)] });
    expect(readBuildId(elf.subarray(0, 51))).toBeUndefined();
    expect(readBuildId(new Uint8Array())).toBeUndefined();
  });

  it('yields nothing for a file that is not ELF or has an unknown class or byte order', () => {
    const elf = buildElf({ bits: 64, littleEndian: true, notes: [buildIdNote(ID_20)] });
    const changed = (at: number, value: number) => {
      const copy = elf.slice();
      copy[at] = value;
      return copy;
    };
    expect(readBuildId(changed(0, 0x7e))).toBeUndefined();
    expect(readBuildId(changed(1, 0x65))).toBeUndefined();
    expect(readBuildId(changed(4, 3))).toBeUndefined();
    expect(readBuildId(changed(4, 0))).toBeUndefined();
    expect(readBuildId(changed(5, 0))).toBeUndefined();
    expect(readBuildId(changed(5, 3))).toBeUndefined();
  });

  it('reads the byte order from the file rather than guessing', () => {
    // The same 32-bit file with its byte-order flag flipped reads section offsets wrongly and finds nothing.
    const elf = buildElf({ bits: 32, littleEndian: false, notes: [buildIdNote(ID_8)] });
    const flipped = elf.slice();
    flipped[5] = 1;
    expect(readBuildId(flipped)).toBeUndefined();
  });

  it('yields nothing when a note, its area or a header table lies past the end of the file', () => {
    const elf = buildElf({ bits: 64, littleEndian: true, notes: [buildIdNote(ID_20)] });
    const edit = (change: (view: DataView) => void) => {
      const copy = elf.slice();
      change(new DataView(copy.buffer));
      return copy;
    };
    const shoff = Number(new DataView(elf.buffer).getBigUint64(40, true));
    // The note (right after the 64-byte header) claims a descriptor longer than the file.
    expect(readBuildId(edit((v) => v.setUint32(64 + 4, 0xffff, true)))).toBeUndefined();
    // The note section (section 1) starts past the end.
    expect(readBuildId(edit((v) => v.setBigUint64(shoff + 64 + 24, BigInt(elf.length + 100), true)))).toBeUndefined();
    // The section header table starts past the end, and at an offset beyond what a number holds exactly.
    expect(readBuildId(edit((v) => v.setBigUint64(40, BigInt(elf.length), true)))).toBeUndefined();
    expect(readBuildId(edit((v) => v.setBigUint64(40, 2n ** 60n, true)))).toBeUndefined();
    // Cut inside the descriptor (the section headers at the end go with it).
    expect(readBuildId(elf.subarray(0, 64 + 16 + 10))).toBeUndefined();
    expect(readBuildId(elf)).toBe(ID_20);
  });

  it('reads a view into a larger buffer from the view’s start', () => {
    const elf = buildElf({ bits: 64, littleEndian: true, notes: [buildIdNote(ID_20)] });
    const buffer = new Uint8Array(elf.length + 7);
    buffer.set(elf, 7);
    expect(readBuildId(buffer.subarray(7))).toBe(ID_20);
  });

  it('never throws, whatever the bytes', () => {
    const header = buildElf({ bits: 64, littleEndian: true, notes: [buildIdNote(ID_20)] }).subarray(0, 16);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.boolean(), (tail, withMagic) => {
        const bytes = withMagic ? Uint8Array.from([...header, ...tail]) : tail;
        const id = readBuildId(bytes);
        expect(id === undefined || /^[0-9a-f]+$/.test(id)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

// When readelf is installed, it checks both the files written above and the system's own binaries.
const readelf = spawnSync('readelf', ['--version']).status === 0;
if (readelf) {
  const buildIdFromReadelf = (path: string): string | undefined => {
    const out = spawnSync('readelf', ['-n', path], { encoding: 'utf8' }).stdout;
    return /Build ID: ([0-9a-f]+)/.exec(out)?.[1];
  };
  const dir = mkdtempSync(join(tmpdir(), 'build-id-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe('readBuildId against readelf', () => {
    it('agrees on the files written by the test writer', () => {
      const cases: [string, Uint8Array, string][] = [
        ['le64', buildElf({ bits: 64, littleEndian: true, notes: [abiTag, buildIdNote(ID_20)] }), ID_20],
        ['be32', buildElf({ bits: 32, littleEndian: false, notes: [buildIdNote(ID_8)] }), ID_8],
      ];
      for (const [name, bytes, id] of cases) {
        const path = join(dir, name);
        writeFileSync(path, bytes);
        expect(buildIdFromReadelf(path), name).toBe(id);
        expect(readBuildId(bytes), name).toBe(id);
      }
    });

    it('agrees on system binaries', () => {
      const binaries = ['/bin/ls', '/bin/cat', '/usr/bin/env'].filter((p) => existsSync(p));
      expect(binaries.length).toBeGreaterThan(0);
      for (const path of binaries) expect(readBuildId(new Uint8Array(readFileSync(path))), path).toBe(buildIdFromReadelf(path));
    });
  });
}
