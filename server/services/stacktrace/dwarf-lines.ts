/**
 * DWARF line tables: the `.debug_line` section of an ELF (DWARF versions 2 to 5) run as the standard's line-number
 * program, giving which source file and line every instruction address came from. No maintained npm package reads
 * DWARF line programs, so this is the small reader: headers (DWARF 5's entry formats, with names in
 * `.debug_line_str` or `.debug_str`), the standard, extended and special opcodes, and address ranges out of the
 * rows. A unit of an unknown version is skipped; bytes that end inside a unit or point outside a string section are
 * malformed and throw a `DwarfError` naming the unit's offset.
 */
export class DwarfError extends Error {}

/** An address range [start, end) of one source line. `file` indexes `LineTable.files`. */
export interface LineRange {
  start: number;
  end: number;
  line: number;
  file: number;
}

export interface LineTable {
  /** Source paths, each once, in the order first met. */
  files: string[];
  /** Ranges by start address; adjacent ranges of one line merged; line 0 (no source line) left out. */
  ranges: LineRange[];
}

export interface DwarfSections {
  debugLine: Buffer;
  debugLineStr?: Buffer;
  debugStr?: Buffer;
  littleEndian: boolean;
}

// DWARF 5 forms a line-table header may use (DWARF 5 §7.5.6), and the content types it names (§6.2.4.1).
const FORM = { block: 0x09, block1: 0x0a, data1: 0x0b, data2: 0x05, data4: 0x06, data8: 0x07, data16: 0x1e, string: 0x08, strp: 0x0e, lineStrp: 0x1f, udata: 0x0f, sdata: 0x0d };
const LNCT_PATH = 1;
const LNCT_DIRECTORY_INDEX = 2;

/** A cursor over one unit's bytes; every read past `end` is a malformed unit. */
class Reader {
  constructor(
    readonly buf: Buffer,
    public at: number,
    public end: number,
    readonly le: boolean,
  ) {}
  private need(n: number) {
    if (this.at + n > this.end) throw new DwarfError('ends inside a record');
  }
  u8() {
    this.need(1);
    return this.buf[this.at++]!;
  }
  i8() {
    const v = this.u8();
    return v > 127 ? v - 256 : v;
  }
  u16() {
    this.need(2);
    const v = this.le ? this.buf.readUInt16LE(this.at) : this.buf.readUInt16BE(this.at);
    this.at += 2;
    return v;
  }
  u32() {
    this.need(4);
    const v = this.le ? this.buf.readUInt32LE(this.at) : this.buf.readUInt32BE(this.at);
    this.at += 4;
    return v;
  }
  u64() {
    this.need(8);
    const v = this.le ? this.buf.readBigUInt64LE(this.at) : this.buf.readBigUInt64BE(this.at);
    this.at += 8;
    return Number(v);
  }
  /** An unsigned value of `n` bytes (an address or an offset). */
  uN(n: number) {
    if (n === 1) return this.u8();
    if (n === 2) return this.u16();
    if (n === 4) return this.u32();
    if (n === 8) return this.u64();
    throw new DwarfError(`an operand of ${n} bytes`);
  }
  uleb() {
    let result = 0;
    let mul = 1;
    for (;;) {
      const b = this.u8();
      result += (b & 0x7f) * mul;
      if (b < 0x80) return result;
      mul *= 128;
    }
  }
  sleb() {
    let result = 0;
    let mul = 1;
    for (;;) {
      const b = this.u8();
      result += (b & 0x7f) * mul;
      mul *= 128;
      if (b < 0x80) return b & 0x40 ? result - mul : result;
    }
  }
  cstr() {
    const zero = this.buf.indexOf(0, this.at);
    if (zero < 0 || zero >= this.end) throw new DwarfError('a string without its end');
    const s = this.buf.toString('utf8', this.at, zero);
    this.at = zero + 1;
    return s;
  }
  skip(n: number): undefined {
    this.need(n);
    this.at += n;
  }
}

const stringAt = (section: Buffer | undefined, offset: number, name: string) => {
  if (!section || offset >= section.length) throw new DwarfError(`a name outside ${name}`);
  const zero = section.indexOf(0, offset);
  return section.toString('utf8', offset, zero < 0 ? section.length : zero);
};

const isAbsolute = (p: string) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p);
const join = (dir: string | undefined, name: string) => (!dir || isAbsolute(name) ? name : `${dir.replace(/[\\/]+$/, '')}/${name}`);

/** One value of a DWARF 5 entry format: a string for the path forms, a number for the index forms, else skipped. */
function formValue(r: Reader, form: number, offsetSize: number, s: DwarfSections): string | number | undefined {
  switch (form) {
    case FORM.string:
      return r.cstr();
    case FORM.lineStrp:
      return stringAt(s.debugLineStr, r.uN(offsetSize), '.debug_line_str');
    case FORM.strp:
      return stringAt(s.debugStr, r.uN(offsetSize), '.debug_str');
    case FORM.udata:
      return r.uleb();
    case FORM.sdata:
      return r.sleb();
    case FORM.data1:
      return r.u8();
    case FORM.data2:
      return r.u16();
    case FORM.data4:
      return r.u32();
    case FORM.data8:
      return r.u64();
    case FORM.data16:
      return r.skip(16);
    case FORM.block:
      return r.skip(r.uleb());
    case FORM.block1:
      return r.skip(r.u8());
    default:
      throw new DwarfError(`an entry form 0x${form.toString(16)} a line table does not use`);
  }
}

/** DWARF 5's directory or file table: each entry's path and directory index. */
function entries(r: Reader, offsetSize: number, s: DwarfSections): { path: string; dir: number }[] {
  const formats: [number, number][] = [];
  for (let n = r.u8(); n > 0; n--) formats.push([r.uleb(), r.uleb()]);
  const out: { path: string; dir: number }[] = [];
  for (let n = r.uleb(); n > 0; n--) {
    const e = { path: '', dir: 0 };
    for (const [type, form] of formats) {
      const v = formValue(r, form, offsetSize, s);
      if (type === LNCT_PATH && typeof v === 'string') e.path = v;
      if (type === LNCT_DIRECTORY_INDEX && typeof v === 'number') e.dir = v;
    }
    out.push(e);
  }
  return out;
}

/** A unit's header up to its program: the file paths by the index the program uses, and the opcode parameters. */
function header(r: Reader, version: number, offsetSize: number, s: DwarfSections) {
  if (version >= 5) r.skip(2); // address and segment selector sizes: DW_LNE_set_address gives its own length
  const headerLength = r.uN(offsetSize);
  const programAt = r.at + headerLength;
  if (programAt > r.end) throw new DwarfError('a header longer than its unit');
  const minInst = r.u8();
  if (version >= 4) r.u8(); // maximum operations per instruction: 1 on every target this reads
  r.u8(); // default is_stmt: every row is kept, as addr2line keeps them
  const lineBase = r.i8();
  const lineRange = r.u8();
  const opcodeBase = r.u8();
  if (lineRange === 0 || opcodeBase === 0) throw new DwarfError('a line range or opcode base of 0');
  const argCounts = [0];
  for (let i = 1; i < opcodeBase; i++) argCounts.push(r.u8());
  const files = new Map<number, string>();
  const includeDirs = [''];
  if (version >= 5) {
    const dirs = entries(r, offsetSize, s).map((d) => d.path);
    const compDir = dirs[0];
    entries(r, offsetSize, s).forEach((f, i) => files.set(i, join(f.dir === 0 ? compDir : join(compDir, dirs[f.dir] ?? ''), f.path)));
  } else {
    for (let d = r.cstr(); d !== ''; d = r.cstr()) includeDirs.push(d);
    let i = 1;
    for (let name = r.cstr(); name !== ''; name = r.cstr(), i++) {
      const dir = r.uleb();
      r.uleb(); // modification time
      r.uleb(); // length
      files.set(i, join(includeDirs[dir], name));
    }
  }
  r.at = programAt;
  return { minInst, lineBase, lineRange, opcodeBase, argCounts, files, includeDirs };
}

interface Row {
  address: number;
  line: number;
  file: string | undefined;
  end: boolean;
}

/** Runs one unit's line-number program (DWARF 5 §6.2.5) and returns its rows in program order. */
function run(r: Reader, h: ReturnType<typeof header>, rows: Row[], maxRows: number) {
  let address = 0;
  let file = 1;
  let line = 1;
  const files = new Map(h.files);
  const emit = (end = false) => {
    if (rows.length >= maxRows) throw new DwarfError(`more than ${maxRows} line rows`);
    rows.push({ address, line, file: files.get(file), end });
  };
  const reset = () => {
    address = 0;
    file = 1;
    line = 1;
  };
  while (r.at < r.end) {
    const op = r.u8();
    if (op >= h.opcodeBase) {
      const adjusted = op - h.opcodeBase;
      address += Math.floor(adjusted / h.lineRange) * h.minInst;
      line += h.lineBase + (adjusted % h.lineRange);
      emit();
      continue;
    }
    switch (op) {
      case 0: {
        const length = r.uleb();
        if (length === 0) break;
        const next = r.at + length;
        if (next > r.end) throw new DwarfError('an extended opcode past its unit');
        const sub = r.u8();
        if (sub === 1) {
          emit(true);
          reset();
        } else if (sub === 2) address = r.uN(length - 1);
        else if (sub === 3) {
          const name = r.cstr();
          const dir = r.uleb();
          files.set(Math.max(0, ...files.keys()) + 1, join(h.includeDirs[dir], name));
        }
        r.at = next;
        break;
      }
      case 1:
        emit();
        break;
      case 2:
        address += r.uleb() * h.minInst;
        break;
      case 3:
        line += r.sleb();
        break;
      case 4:
        file = r.uleb();
        break;
      case 8:
        address += Math.floor((255 - h.opcodeBase) / h.lineRange) * h.minInst;
        break;
      case 9:
        address += r.u16();
        break;
      default:
        // Column, statement flags, basic block, prologue/epilogue, ISA and any later standard opcode: skipped by the
        // operand count the header gives.
        for (let n = h.argCounts[op] ?? 0; n > 0; n--) r.uleb();
    }
  }
}

/**
 * The most rows a symbol file's line table may hold (a large game engine's library has a few million): past it the
 * file is refused rather than the server's memory spent.
 */
export const MAX_LINE_ROWS = 8_000_000;

/** Every unit of `.debug_line` read into one table of line ranges. */
export function readLineTable(s: DwarfSections, maxRows = MAX_LINE_ROWS): LineTable {
  const buf = s.debugLine;
  const rows: Row[] = [];
  let at = 0;
  while (at < buf.length) {
    const unitAt = at;
    try {
      const r = new Reader(buf, at, buf.length, s.littleEndian);
      let length = r.u32();
      let offsetSize = 4;
      if (length === 0xffffffff) {
        length = r.u64();
        offsetSize = 8;
      }
      const end = r.at + length;
      if (end > buf.length) throw new DwarfError('a unit longer than the section');
      r.end = end;
      at = end;
      const version = r.u16();
      if (version < 2 || version > 5) continue;
      const first = rows.length;
      run(r, header(r, version, offsetSize, s), rows, maxRows);
      // A sequence the unit leaves open ends with the unit: its last row never reaches into the next unit.
      if (rows.length > first) rows[rows.length - 1]!.end = true;
    } catch (e) {
      if (e instanceof DwarfError) throw new DwarfError(`.debug_line unit at 0x${unitAt.toString(16)}: ${e.message}`);
      throw e;
    }
  }
  return rangesOf(rows);
}

/** Rows become ranges: each row holds until the next row's address; an end-of-sequence row closes its sequence. */
function rangesOf(rows: Row[]): LineTable {
  const fileIndex = new Map<string, number>();
  const ranges: LineRange[] = [];
  for (let i = 0; i + 1 < rows.length; i++) {
    const row = rows[i]!;
    const next = rows[i + 1]!;
    if (row.end || next.address <= row.address || row.line === 0 || row.file === undefined) continue;
    let file = fileIndex.get(row.file);
    if (file === undefined) fileIndex.set(row.file, (file = fileIndex.size));
    ranges.push({ start: row.address, end: next.address, line: row.line, file });
  }
  ranges.sort((a, b) => a.start - b.start);
  const merged: LineRange[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && last.end === r.start && last.line === r.line && last.file === r.file) last.end = r.end;
    else if (!last || r.start >= last.end) merged.push({ ...r });
  }
  return { files: [...fileIndex.keys()], ranges: merged };
}
