/**
 * Reading an uploaded symbol file: an ELF shared object (read with `elfy`; keyed by its GNU build-id, spec 002 §5) or a
 * Breakpad `.sym` text. Both become one Breakpad text the lookup (`@indutny/breakpad`) streams: an ELF's function
 * symbols are written as FUNC / PUBLIC records, and the lines of its DWARF line table (dwarf-lines.ts) as FILE and
 * line records under each FUNC. A file that is neither, is truncated or has a malformed record is refused with the
 * line or part named; nothing is kept.
 */
import { inflateSync } from 'node:zlib';
import elfy, { type Elf, type ElfSection } from 'elfy';
import { readBuildId } from '../../../src/lib/buildId';
import { badRequest } from '../../engine/errors';
import { DwarfError, readLineTable, type LineTable } from './dwarf-lines';

export interface SymbolReading {
  kind: 'elf' | 'breakpad';
  /** Breakpad's module id: 32 hex digits of GUID and the age. */
  debugId: string;
  /** The ELF's GNU build-id (a `.sym`'s INFO CODE_ID when it has one), lowercase hex. */
  buildId?: string;
  os: string;
  arch: string;
  moduleName: string;
  functionCount: number;
  hasLines: boolean;
  /** The Breakpad text the lookup reads. */
  text: string;
}

const refuse = (message: string) => badRequest([{ field: '/file', message }]);

/** Breakpad's debug id of an ELF: the build-id's first 16 bytes read as a little-endian GUID, then age 0. */
export function debugIdOfBuildId(buildId: string): string {
  const b = Buffer.alloc(16);
  Buffer.from(buildId.slice(0, 32), 'hex').copy(b);
  const swap = (s: number, n: number) => Buffer.from(b.subarray(s, s + n)).reverse().toString('hex');
  return `${swap(0, 4)}${swap(4, 2)}${swap(6, 2)}${b.subarray(8, 16).toString('hex')}0`.toUpperCase();
}

const ARCH: Record<string, string> = { amd64: 'x86_64', '386': 'x86', arm: 'arm', AArch64: 'arm64' };

function sectionsOf(bytes: Buffer): Elf {
  let elf: Elf;
  try {
    elf = elfy.parse(bytes);
  } catch {
    throw refuse('not a readable ELF file (corrupt or truncated headers)');
  }
  const sections = elf.body?.sections ?? [];
  for (const s of sections as (ElfSection & { off?: number })[]) {
    if (s.type !== 'nobits' && s.size > 0 && (s.off ?? 0) + s.size > bytes.length) throw refuse(`truncated ELF file: section ${s.name || '?'} ends past the file's end`);
  }
  return elf;
}

type Fn = { addr: number; size: number; name: string };

/** The function symbols of a symbol table section: address, size and name, by address. */
function functionsIn(elf: Elf, table: ElfSection): Fn[] {
  const strtab = elf.body.sections[table.link]?.data;
  if (!strtab) return [];
  const wide = elf.class === '64';
  const le = elf.endian === 'lsb';
  const d = table.data;
  const entry = wide ? 24 : 16;
  const u32 = (o: number) => (le ? d.readUInt32LE(o) : d.readUInt32BE(o));
  const u16 = (o: number) => (le ? d.readUInt16LE(o) : d.readUInt16BE(o));
  const u64 = (o: number) => Number(le ? d.readBigUInt64LE(o) : d.readBigUInt64BE(o));
  // 32-bit ARM marks a Thumb function by setting its address's lowest bit; the code starts one byte lower.
  const thumb = elf.machine === 'arm';
  const out: Fn[] = [];
  for (let o = 0; o + entry <= d.length; o += entry) {
    const info = wide ? d[o + 4]! : d[o + 12]!;
    const shndx = wide ? u16(o + 6) : u16(o + 14);
    const addr = wide ? u64(o + 8) : u32(o + 4);
    const size = wide ? u64(o + 16) : u32(o + 8);
    if ((info & 0xf) !== 2 || shndx === 0 || addr === 0) continue;
    const at = u32(o);
    const end = strtab.indexOf(0, at);
    const name = strtab.subarray(at, end < 0 ? strtab.length : end).toString('utf8');
    if (name) out.push({ addr: thumb ? addr - (addr % 2) : addr, size, name });
  }
  return out.sort((a, b) => a.addr - b.addr || b.size - a.size).filter((f, i, all) => i === 0 || all[i - 1]!.addr !== f.addr);
}

/**
 * The largest section the reader inflates, and the most it grows: a compressed section that says it is larger is
 * refused. Debug sections deflate 3 to 10 times; a section claiming more than 32 times its size is a bomb.
 */
const MAX_INFLATED = 256 * 1024 * 1024;
const MAX_RATIO = 32;
const SHF_COMPRESSED = 0x800;

/** A section's bytes, inflated when it is compressed (SHF_COMPRESSED with zlib); undefined for another compression. */
function sectionBytes(elf: Elf, s: ElfSection): Buffer | undefined {
  if (!s.flags?.[SHF_COMPRESSED]) return s.data;
  const d = s.data;
  const wide = elf.class === '64';
  const le = elf.endian === 'lsb';
  const head = wide ? 24 : 12;
  if (d.length < head) throw refuse(`compressed section ${s.name} is shorter than its header`);
  const type = le ? d.readUInt32LE(0) : d.readUInt32BE(0);
  const size = wide ? Number(le ? d.readBigUInt64LE(8) : d.readBigUInt64BE(8)) : le ? d.readUInt32LE(4) : d.readUInt32BE(4);
  if (type !== 1) return undefined;
  if (size > MAX_INFLATED || size > d.length * MAX_RATIO) throw refuse(`compressed section ${s.name} says it holds ${size} bytes, more than a symbol file may`);
  try {
    return inflateSync(d.subarray(head), { maxOutputLength: Math.max(1, size) });
  } catch {
    throw refuse(`compressed section ${s.name} does not inflate`);
  }
}

/** The DWARF line table of an ELF, if it has a `.debug_line` this reader can read. */
function lineTableOf(elf: Elf): LineTable | undefined {
  const named = (n: string) => {
    const s = elf.body.sections.find((x) => x.name === n);
    return s && s.type !== 'nobits' ? sectionBytes(elf, s) : undefined;
  };
  const debugLine = named('.debug_line');
  if (!debugLine) return undefined;
  try {
    return readLineTable({ debugLine, debugLineStr: named('.debug_line_str'), debugStr: named('.debug_str'), littleEndian: elf.endian === 'lsb' });
  } catch (e) {
    if (e instanceof DwarfError) throw refuse(`malformed DWARF line table: ${e.message}`);
    throw e;
  }
}

/** Breakpad line records (`address size line file`) of one function: the table's ranges within it, cut at its ends. */
function linesOf(f: Fn, table: LineTable): string[] {
  const { ranges } = table;
  const end = f.addr + f.size;
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid]!.end <= f.addr) lo = mid + 1;
    else hi = mid;
  }
  const out: string[] = [];
  for (let i = lo; i < ranges.length && ranges[i]!.start < end; i++) {
    const r = ranges[i]!;
    const start = Math.max(r.start, f.addr);
    const stop = Math.min(r.end, end);
    if (stop > start) out.push(`${start.toString(16)} ${(stop - start).toString(16)} ${r.line} ${r.file}`);
  }
  return out;
}

export function readElf(bytes: Buffer, fileName: string): SymbolReading {
  const buildId = readBuildId(bytes);
  if (!buildId) throw refuse('an ELF symbol file needs at least 52 bytes and a GNU build-id note');
  const elf = sectionsOf(bytes);
  const table = elf.body.sections.find((s) => s.type === 'symtab') ?? elf.body.sections.find((s) => s.type === 'dynsym');
  const functions = table ? functionsIn(elf, table) : [];
  const debugId = debugIdOfBuildId(buildId);
  const arch = ARCH[elf.machine] ?? String(elf.machine);
  const lines = [`MODULE Linux ${arch} ${debugId} ${fileName}`, `INFO CODE_ID ${buildId.toUpperCase()}`];
  const lineTable = lineTableOf(elf);
  lineTable?.files.forEach((path, i) => lines.push(`FILE ${i} ${path}`));
  let lineRecords = 0;
  for (const f of functions) {
    if (f.size === 0) {
      lines.push(`PUBLIC ${f.addr.toString(16)} 0 ${f.name}`);
      continue;
    }
    lines.push(`FUNC ${f.addr.toString(16)} ${f.size.toString(16)} 0 ${f.name}`);
    const records = lineTable ? linesOf(f, lineTable) : [];
    lineRecords += records.length;
    lines.push(...records);
  }
  return { kind: 'elf', debugId, buildId, os: 'Linux', arch, moduleName: fileName, functionCount: functions.length, hasLines: lineRecords > 0, text: `${lines.join('\n')}\n` };
}

const HEX = '[0-9a-fA-F]+';
const RECORDS: [RegExp, 'func' | 'line' | 'other'][] = [
  [new RegExp(`^FUNC (?:m )?${HEX} ${HEX} ${HEX} .*$`), 'func'],
  [new RegExp(`^PUBLIC (?:m )?${HEX} ${HEX} .*$`), 'other'],
  [/^FILE \d+ .+$/, 'other'],
  [/^INLINE_ORIGIN \d+ .+$/, 'other'],
  [new RegExp(`^INLINE \\d+ \\d+ \\d+ \\d+(?: ${HEX} ${HEX})+$`), 'other'],
  [/^INFO .*$/, 'other'],
  [/^STACK .*$/, 'other'],
  [new RegExp(`^${HEX} ${HEX} -?\\d+ \\d+$`), 'line'],
];

/** Checks a Breakpad `.sym` text record by record (the first malformed line is named) and reads its MODULE line. */
export function readBreakpad(text: string): SymbolReading {
  const lines = text.split(/\r?\n/);
  const head = /^MODULE (\S+) (\S+) ([0-9A-Fa-f]{33,40}) (.+)$/.exec(lines[0] ?? '');
  if (!head) throw refuse('line 1: a Breakpad symbol file starts with MODULE <os> <arch> <id> <name>');
  let functions = 0;
  let lineRecords = 0;
  let inFunc = false;
  let codeId: string | undefined;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const kind = RECORDS.find(([re]) => re.test(line))?.[1];
    if (!kind) throw refuse(`line ${i + 1}: not a Breakpad record: ${line.slice(0, 60)}`);
    if (kind === 'line' && !inFunc) throw refuse(`line ${i + 1}: a line record outside a FUNC`);
    if (kind === 'func') functions++;
    if (kind === 'line') lineRecords++;
    if (line.startsWith('INFO CODE_ID ')) codeId = line.split(' ')[2]?.toLowerCase();
    inFunc = kind === 'func' || (kind === 'line' && inFunc) || (inFunc && line.startsWith('INLINE'));
  }
  return {
    kind: 'breakpad',
    debugId: head[3]!.toUpperCase(),
    ...(codeId && /^[0-9a-f]+$/.test(codeId) ? { buildId: codeId } : {}),
    os: head[1]!,
    arch: head[2]!,
    moduleName: head[4]!.trim(),
    functionCount: functions,
    hasLines: lineRecords > 0,
    text,
  };
}

/** An uploaded symbol file of either kind, told apart by its first bytes. */
export function readSymbolFile(bytes: Buffer, fileName: string): SymbolReading {
  if (bytes.length >= 4 && bytes[0] === 0x7f && bytes.toString('latin1', 1, 4) === 'ELF') return readElf(bytes, fileName);
  if (bytes.toString('latin1', 0, 7) === 'MODULE ') {
    const text = bytes.toString('utf8');
    if (text.includes('\u0000')) throw refuse('a Breakpad symbol file is text');
    return readBreakpad(text);
  }
  throw refuse('neither an ELF shared object nor a Breakpad .sym file');
}
