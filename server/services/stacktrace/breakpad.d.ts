/** `@indutny/breakpad`: streams a Breakpad symbol file and answers the function (and line) of each module-relative address. */
declare module '@indutny/breakpad' {
  export interface SymbolicatedFrame {
    name: string;
    addr: number;
    size: number | null;
    file: string | null;
    line: number | null;
  }
  export function symbolicateFrames(stream: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>, frames: number[]): Promise<(SymbolicatedFrame | null)[]>;
}
