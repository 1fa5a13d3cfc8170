/**
 * Safe's part of `npm run bench` (alone: `npx tsx bench/safe.ts`): reading a 50 MB APK (stored entries, JAR-signed
 * and with a v2 signing block) with the package reader — manifest, both signatures checked down to the content,
 * every entry's SHA-256 — beside listing the same file's entries (its central directory only, with fflate) and
 * unpacking them all, in the same run, the median of a few runs each, and the ratios.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { buildPackage, signingIdentity } from '../server/packages/build/index';
import { readPackage } from '../server/packages/index';

const MB = Number(process.env.BENCH_SAFE_MB ?? 50);
const RUNS = Number(process.env.BENCH_SAFE_RUNS ?? 5);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timed(run: () => unknown): number {
  const t = performance.now();
  run();
  return performance.now() - t;
}

export async function runSafeBench(): Promise<void> {
  // Entries of 1 MB of random bytes (assets that do not compress), stored as a build stores them.
  const files = Object.fromEntries(Array.from({ length: MB }, (_, i) => [`assets/bundle-${String(i).padStart(3, '0')}.bin`, randomBytes(1024 * 1024)]));
  const apk = buildPackage(
    { package: 'com.example.bench', versionName: '1.0', versionCode: 1, minSdk: 24, targetSdk: 34, permissions: ['android.permission.INTERNET'] },
    { kind: 'apk', signer: signingIdentity('Bench'), level: 0, files: { 'classes.dex': randomBytes(4 * 1024 * 1024), ...files } },
  );
  let entries = 0;
  const read = median(Array.from({ length: RUNS }, () => timed(() => (entries = readPackage(apk).entries.length))));
  const list = median(
    Array.from({ length: RUNS }, () =>
      timed(() =>
        unzipSync(apk, {
          filter: () => false,
        }),
      ),
    ),
  );
  console.log(`\nsafe: reading a ${(apk.length / 1e6).toFixed(1)} MB APK of ${entries} entries (stored), median of ${RUNS} runs`);
  console.log(`  package reader (manifest, v1 + v2 signatures verified, every entry's SHA-256): ${read.toFixed(1)} ms`);
  console.log(`  listing its entries (central directory only, fflate): ${list.toFixed(2)} ms`);
  const unpack = median(Array.from({ length: RUNS }, () => timed(() => unzipSync(apk))));
  console.log(`  ratio to listing: ${(read / list).toFixed(0)}×`);
  console.log(`  unpacking every entry (fflate, no digest): ${unpack.toFixed(1)} ms; ratio to unpacking: ${(read / unpack).toFixed(1)}×`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runSafeBench();
