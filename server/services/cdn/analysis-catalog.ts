/**
 * Reads a Unity Addressables content catalog (`catalog.json`, or `catalog_<version>.json` for a remote one): which
 * asset bundles it names and which bundles each depends on, so an analysis can say whether a release holds every
 * bundle its catalog will ask for.
 *
 * The catalog is JSON whose locations are packed in base64 strings of little-endian int32s:
 * - `m_BucketDataString`: a count, then per key: the key's offset in `m_KeyDataString`, a count of locations, and
 *   their indices in the entry table;
 * - `m_EntryDataString`: a count, then per location 5 int32s (Addressables 1.x up to 1.15: internal id index,
 *   provider index, dependency key index, dependency hash, extra data index) or 7 (later: plus primary key and
 *   resource type indices);
 * - `m_InternalIds` (with `m_InternalIdPrefixes`: an id `3#/x.bundle` is prefix 3 then `/x.bundle`) and
 *   `m_ProviderIds` name them. A bundle is a location of the AssetBundleProvider; an asset's dependency key lists the
 *   bundles it loads, its own first and the bundles that bundle depends on after it.
 */

export interface CatalogBundle {
  name: string;
  internalId: string;
  present: boolean;
  contentSize: number | null;
  /** How many assets the catalog places in this bundle. */
  assets: number;
  dependencies: string[];
}

export interface CatalogReading {
  path: string;
  locatorId?: string;
  error?: string;
  assets?: number;
  bundles?: CatalogBundle[];
  missingBundles?: string[];
}

interface CatalogJson {
  m_LocatorId?: unknown;
  m_ProviderIds?: unknown;
  m_InternalIds?: unknown;
  m_InternalIdPrefixes?: unknown;
  m_BucketDataString?: unknown;
  m_EntryDataString?: unknown;
}

/** Whether a release path is an Addressables catalog. */
export const isCatalogPath = (path: string): boolean => /(^|\/)catalog(_[^/]*)?\.json$/i.test(path);

const BUNDLE_PROVIDER = /AssetBundleProvider$/;

class Ints {
  private readonly buf: Buffer;
  constructor(base64: unknown) {
    if (typeof base64 !== 'string') throw new Error('not base64');
    this.buf = Buffer.from(base64, 'base64');
  }
  get length() {
    return this.buf.length;
  }
  at(offset: number): number {
    if (offset < 0 || offset + 4 > this.buf.length) throw new Error('outside the data');
    return this.buf.readInt32LE(offset);
  }
}

const strings = (v: unknown): string[] => {
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string')) throw new Error('not a list of strings');
  return v as string[];
};

/** Each key's locations (entry indices), in key order. */
function readBuckets(data: Ints): number[][] {
  const count = data.at(0);
  const out: number[][] = [];
  let at = 4;
  for (let i = 0; i < count; i++) {
    const n = data.at(at + 4);
    if (n < 0 || n > data.length) throw new Error('bad bucket');
    const entries: number[] = [];
    for (let e = 0; e < n; e++) entries.push(data.at(at + 8 + e * 4));
    out.push(entries);
    at += 8 + n * 4;
  }
  return out;
}

interface Location {
  internalId: string;
  provider: string;
  dependencyKey: number;
}

function readLocations(data: Ints, ids: string[], prefixes: string[], providers: string[]): Location[] {
  const count = data.at(0);
  if (count === 0) return [];
  const stride = (data.length - 4) / count;
  if (stride !== 20 && stride !== 28) throw new Error('unknown entry layout');
  return Array.from({ length: count }, (_, i) => {
    const at = 4 + i * stride;
    const raw = ids[data.at(at)];
    const provider = providers[data.at(at + 4)];
    if (raw === undefined || provider === undefined) throw new Error('index outside the tables');
    const prefixed = /^(\d+)#(.*)$/.exec(raw);
    const internalId = prefixed && prefixes[Number(prefixed[1])] !== undefined ? `${prefixes[Number(prefixed[1])]}${prefixed[2]}` : raw;
    return { internalId, provider, dependencyKey: data.at(at + 8) };
  });
}

/** A bundle's file name from its internal id (`{UnityEngine.AddressableAssets.Addressables.RuntimePath}/Android/x.bundle`, a URL...). */
export const bundleFileName = (internalId: string): string => internalId.split(/[?#]/)[0].split(/[\\/]/).pop() ?? internalId;

/**
 * The catalog at `path` read against the release's files (`sizes`: a file name → its size, for the bundles found in
 * the release by name). A file that is not such a catalog answers with `error`.
 */
export function readCatalog(path: string, text: string, sizes: Map<string, number>): CatalogReading {
  try {
    const json = JSON.parse(text) as CatalogJson;
    const prefixes = json.m_InternalIdPrefixes === undefined ? [] : strings(json.m_InternalIdPrefixes);
    const locations = readLocations(new Ints(json.m_EntryDataString), strings(json.m_InternalIds), prefixes, strings(json.m_ProviderIds));
    const keys = readBuckets(new Ints(json.m_BucketDataString));
    const isBundle = (i: number) => BUNDLE_PROVIDER.test(locations[i]?.provider ?? '');
    const assets = new Map<number, number>();
    const deps = new Map<number, Set<number>>();
    let assetCount = 0;
    locations.forEach((loc, i) => {
      if (isBundle(i) || loc.dependencyKey < 0) return;
      const key = keys[loc.dependencyKey];
      if (!key) throw new Error('dependency key outside the keys');
      const [own, ...others] = key.filter(isBundle);
      assetCount++;
      if (own === undefined) return;
      assets.set(own, (assets.get(own) ?? 0) + 1);
      const set = deps.get(own) ?? new Set<number>();
      for (const o of others) if (o !== own) set.add(o);
      deps.set(own, set);
    });
    const bundleIndices = locations.map((_, i) => i).filter(isBundle);
    const nameOf = (i: number) => bundleFileName(locations[i].internalId);
    const bundles = bundleIndices
      .map((i): CatalogBundle => {
        const name = nameOf(i);
        const size = sizes.get(name);
        return {
          name,
          internalId: locations[i].internalId,
          present: size !== undefined,
          contentSize: size ?? null,
          assets: assets.get(i) ?? 0,
          dependencies: [...(deps.get(i) ?? [])].map(nameOf).sort(),
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
    return {
      path,
      ...(typeof json.m_LocatorId === 'string' ? { locatorId: json.m_LocatorId } : {}),
      assets: assetCount,
      bundles,
      missingBundles: bundles.filter((b) => !b.present).map((b) => b.name),
    };
  } catch {
    return { path, error: 'not an Addressables catalog this server can read' };
  }
}
