/**
 * Reads the GNU build id of a native binary (ELF), as symbol uploads need it to match crashes to symbols (spec 000 §5:
 * "needs a file of at least 52 bytes with a GNU build-id note, otherwise it yields nothing"). Pure; never throws.
 */

/** The smallest ELF file: a 32-bit header. */
export const ELF_MIN_SIZE = 52;

const SHT_NOTE = 7;
const PT_NOTE = 4;
const NT_GNU_BUILD_ID = 3;
const GNU = [0x47, 0x4e, 0x55, 0x00];

/** A little reader over the file that answers undefined instead of reading past the end. */
class Reader {
  private readonly view: DataView;
  constructor(
    readonly bytes: Uint8Array,
    private readonly littleEndian: boolean,
    readonly is64: boolean,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private fits(offset: number, size: number): boolean {
    return Number.isSafeInteger(offset) && offset >= 0 && offset + size <= this.bytes.length;
  }

  u16(offset: number): number | undefined {
    return this.fits(offset, 2) ? this.view.getUint16(offset, this.littleEndian) : undefined;
  }

  u32(offset: number): number | undefined {
    return this.fits(offset, 4) ? this.view.getUint32(offset, this.littleEndian) : undefined;
  }

  /** A file offset or size: 4 bytes in 32-bit files, 8 in 64-bit ones (undefined past 2^53). */
  word(offset: number): number | undefined {
    if (!this.is64) return this.u32(offset);
    if (!this.fits(offset, 8)) return undefined;
    const value = this.view.getBigUint64(offset, this.littleEndian);
    return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : undefined;
  }
}

/** Where a run of notes lies in the file, and the alignment of its entries. */
interface NoteArea {
  offset: number;
  size: number;
  align: number;
}

/** Field offsets of the header, a section header and a program header, for 32- and 64-bit files. */
const LAYOUT = {
  32: { phoff: 28, shoff: 32, phentsize: 42, phnum: 44, shentsize: 46, shnum: 48, sh: { offset: 16, size: 20, align: 32 }, ph: { offset: 4, size: 16, align: 28 } },
  64: { phoff: 32, shoff: 40, phentsize: 54, phnum: 56, shentsize: 58, shnum: 60, sh: { offset: 24, size: 32, align: 48 }, ph: { offset: 8, size: 32, align: 48 } },
} as const;

/** Note areas from a header table: sections of type SHT_NOTE, or program headers of type PT_NOTE. */
function noteAreas(r: Reader, kind: 'sh' | 'ph'): NoteArea[] {
  const layout = LAYOUT[r.is64 ? 64 : 32];
  const tableOffset = r.word(kind === 'sh' ? layout.shoff : layout.phoff);
  const entrySize = r.u16(kind === 'sh' ? layout.shentsize : layout.phentsize);
  const count = r.u16(kind === 'sh' ? layout.shnum : layout.phnum);
  if (!tableOffset || !entrySize || !count) return [];
  const fields = layout[kind];
  const wanted = kind === 'sh' ? SHT_NOTE : PT_NOTE;
  const areas: NoteArea[] = [];
  for (let i = 0; i < count; i++) {
    const entry = tableOffset + i * entrySize;
    // The type is at +4 in a section header and at +0 in a program header.
    const type = r.u32(kind === 'sh' ? entry + 4 : entry);
    if (type === undefined) break;
    if (type !== wanted) continue;
    const offset = r.word(entry + fields.offset);
    const size = r.word(entry + fields.size);
    const align = r.word(entry + fields.align);
    if (offset !== undefined && size !== undefined) areas.push({ offset, size, align: align === 8 ? 8 : 4 });
  }
  return areas;
}

const pad = (n: number, align: number) => Math.ceil(n / align) * align;

/** The descriptor of the first GNU build-id note in an area, as lowercase hex. */
function buildIdIn(r: Reader, area: NoteArea): string | undefined {
  const end = Math.min(area.offset + area.size, r.bytes.length);
  let at = area.offset;
  while (at + 12 <= end) {
    const nameSize = r.u32(at)!;
    const descSize = r.u32(at + 4)!;
    const type = r.u32(at + 8)!;
    const name = at + 12;
    const desc = name + pad(nameSize, area.align);
    if (desc + descSize > end) return undefined;
    if (type === NT_GNU_BUILD_ID && nameSize === GNU.length && GNU.every((b, i) => r.bytes[name + i] === b) && descSize > 0) {
      return Array.from(r.bytes.subarray(desc, desc + descSize), (b) => b.toString(16).padStart(2, '0')).join('');
    }
    at = desc + pad(descSize, area.align);
  }
  return undefined;
}

/**
 * The GNU build id of an ELF file (32- or 64-bit, either byte order) as lowercase hex, found in its note sections or,
 * when it has no section headers, its PT_NOTE segments; undefined for anything else.
 */
export function readBuildId(bytes: Uint8Array): string | undefined {
  if (bytes.length < ELF_MIN_SIZE) return undefined;
  if (bytes[0] !== 0x7f || bytes[1] !== 0x45 || bytes[2] !== 0x4c || bytes[3] !== 0x46) return undefined;
  const elfClass = bytes[4];
  const data = bytes[5];
  if ((elfClass !== 1 && elfClass !== 2) || (data !== 1 && data !== 2)) return undefined;
  const r = new Reader(bytes, data === 1, elfClass === 2);
  for (const kind of ['sh', 'ph'] as const) {
    for (const area of noteAreas(r, kind)) {
      const id = buildIdIn(r, area);
      if (id) return id;
    }
  }
  return undefined;
}
