/**
 * Brotli and gzip copies of the built console's scripts, styles and page, written beside them when the console is
 * built, so the server sends the smaller file a browser accepts without compressing on every request
 * (`@fastify/static`'s `preCompressed`).
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text, and large enough that the copy is smaller than a request's headers. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file of `dir`; answers how many files it compressed. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}

/** The build step: compresses the output directory once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lodestar-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // Once the files are written: a build that failed before writing any reports its own error, not a missing folder.
    writeBundle() {
      precompressDir(outDir);
    },
  };
}
