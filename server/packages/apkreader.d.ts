/** The part of DeviceFarmer's apkreader the package reader uses: its manifest parser over a document. */
declare module '@devicefarmer/adbkit-apkreader/lib/apkreader/parser/manifest.js' {
  export default class ManifestParser {
    constructor(buffer: Buffer);
    xmlParser: { parse(): unknown };
    parse(): unknown;
  }
}
