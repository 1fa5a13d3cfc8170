import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * The bytes of the demo app's asset-streaming entries (`resources/cdn/demo.ts` names them): a small Addressables
 * catalog, settings in two versions, release notes, a few asset bundles' worth of made-up bytes and a tiny icon,
 * all made here so the demo carries no file of its own.
 */

/** Bytes that look like a bundle's: a header line, then a deterministic stream of SHA-256 blocks of the name. */
function bundle(name: string, size: number): Buffer {
  const head = Buffer.from(`UnityFS\u00005.x.x\u00002022.3.20f1\u0000${name}\u0000`);
  const blocks: Buffer[] = [head];
  for (let i = 0, length = head.length; length < size; i++, length += 32) blocks.push(createHash('sha256').update(`${name}:${i}`).digest());
  return Buffer.concat(blocks).subarray(0, size);
}

/** The CRC-32 a PNG chunk ends with. */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A 16 × 16 RGB PNG: a diagonal gradient between two colours, a game's icon at its smallest. */
function icon(from: [number, number, number], to: [number, number, number]): Buffer {
  const size = 16;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * (size - 1));
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round(from[c] + (to[c] - from[c]) * t);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

const catalog = (bundles: string[]) =>
  json({
    m_LocatorId: 'AddressablesMainContentCatalog',
    m_BuildResultHash: createHash('md5').update(bundles.join()).digest('hex'),
    m_InternalIds: bundles.map((b) => `{UnityEngine.AddressableAssets.Addressables.RuntimePath}/${b}`),
  });

/** Every demo content by the name the declared demo gives it. */
export const DEMO_CONTENT: Record<string, Buffer> = {
  'catalog-1': catalog(['bundles/levels/forest.bundle', 'bundles/ui/hud.bundle']),
  'catalog-2': catalog(['bundles/levels/forest.bundle', 'bundles/levels/desert.bundle', 'bundles/ui/hud.bundle']),
  'settings-1': json({ version: 1, difficulty: { easy: 0.8, normal: 1, hard: 1.3 }, dailyRewardCoins: 50 }),
  'settings-2': json({ version: 2, difficulty: { easy: 0.75, normal: 1, hard: 1.4 }, dailyRewardCoins: 80, desertUnlockLevel: 12 }),
  notes: Buffer.from('Release notes\n\n1. First playable build: forest level, HUD.\n2. Desert level; rewards and difficulty rebalanced.\n'),
  forest: bundle('forest', 6144),
  desert: bundle('desert', 8192),
  hud: bundle('hud', 3072),
  icon: icon([32, 96, 200], [120, 220, 160]),
  'mod-map': json({ name: 'Canyon Run', spawns: [[4, 2], [18, 9], [30, 14]], timeLimitSeconds: 240 }),
  'mod-skin': icon([200, 60, 40], [250, 200, 70]),
};

/** A demo content's bytes by name (an error for a name the demo does not have). */
export function demoContent(name: string): Buffer {
  const bytes = DEMO_CONTENT[name];
  if (!bytes) throw new Error(`asset streaming demo: no content '${name}'`);
  return bytes;
}
