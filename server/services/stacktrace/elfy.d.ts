/** The part of `elfy` (an ELF reader) the symbol reader uses: the header and the sections with their bytes. */
declare module 'elfy' {
  export interface ElfSection {
    name: string;
    type: string | number;
    addr: number;
    size: number;
    link: number;
    flags?: Record<string, boolean>;
    data: Buffer;
  }
  export interface Elf {
    class: '32' | '64';
    endian: 'lsb' | 'msb';
    machine: string;
    body: { sections: ElfSection[] };
  }
  export function parse(buf: Buffer): Elf;
  const elfy: { parse: typeof parse };
  export default elfy;
}
