/**
 * A Unity Addressables content catalog (catalog.json) written for the tests the way the Addressables build writes
 * one: the locations packed in base64 strings of little-endian int32s, keys typed by a leading byte (0 an ASCII string
 * with its int32 length, 4 an int32), an asset's dependencies listed under a key of their own whose first location
 * is the asset's own bundle.
 */

const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32LE(n);
  return b;
};
const asciiKey = (s: string) => Buffer.concat([Buffer.from([0]), int32(s.length), Buffer.from(s, 'ascii')]);
const int32Key = (n: number) => Buffer.concat([Buffer.from([4]), int32(n)]);

const RUNTIME = '{UnityEngine.AddressableAssets.Addressables.RuntimePath}/Android/';
export const BUNDLES = { local: 'defaultlocalgroup_assets_all_3f2a.bundle', shared: 'shared_assets_all_9c1d.bundle', levels: 'levels_scenes_all_77e0.bundle' };

const PROVIDERS = [
  'UnityEngine.ResourceManagement.ResourceProviders.AssetBundleProvider',
  'UnityEngine.ResourceManagement.ResourceProviders.BundledAssetProvider',
  'UnityEngine.ResourceManagement.ResourceProviders.SceneProvider',
];

/**
 * Three bundles (local, shared, levels) and three assets: a hero prefab in the local bundle that needs the shared
 * one, a sky texture in the shared bundle, a level scene in the levels bundle that needs the local and shared ones.
 * `layout` 7 writes the later Addressables' entries (with a primary key and a resource type index).
 */
export function sampleCatalog(layout: 5 | 7 = 5): string {
  // Bundle ids go through the prefix table (`0#/…`), as a build with "internal id prefixes" writes them.
  const internalIds = [`0#/${BUNDLES.local}`, `0#/${BUNDLES.shared}`, `0#/${BUNDLES.levels}`, 'Assets/Prefabs/Hero.prefab', 'Assets/Scenes/Level1.unity', 'Assets/Textures/Sky.png'];
  const keys = [
    asciiKey('defaultlocalgroup_assets_all_3f2a'),
    asciiKey('shared_assets_all_9c1d'),
    asciiKey('levels_scenes_all_77e0'),
    asciiKey('Hero'),
    asciiKey('Level1'),
    asciiKey('Sky'),
    int32Key(-1385436412),
    int32Key(906612551),
  ];
  // Each key's locations: a bundle's own key, each asset's address, then the two dependency sets.
  const buckets = [[0], [1], [2], [3], [4], [5], [0, 1], [2, 0, 1]];
  // internal id, provider, dependency key, dependency hash, extra data.
  const entries = [
    [0, 0, -1, 0, -1],
    [1, 0, -1, 0, -1],
    [2, 0, -1, 0, -1],
    [3, 1, 6, 77, -1],
    [4, 2, 7, 91, -1],
    [5, 1, 1, 13, -1],
  ];
  const keyData: Buffer[] = [int32(keys.length)];
  const bucketData: Buffer[] = [int32(keys.length)];
  let offset = 4;
  keys.forEach((k, i) => {
    bucketData.push(int32(offset), int32(buckets[i].length), ...buckets[i].map(int32));
    keyData.push(k);
    offset += k.length;
  });
  const entryData = [int32(entries.length), ...entries.flatMap((e, i) => [...e, ...(layout === 7 ? [i, i < 3 ? 0 : 1] : [])].map(int32))];
  return JSON.stringify({
    m_LocatorId: 'AddressablesMainContentCatalog',
    m_BuildResultHash: '4f1e0d6a8b2c9e7f3a5d1c0b9e8f7a6d',
    m_InstanceProviderData: { m_Id: 'UnityEngine.ResourceManagement.ResourceProviders.InstanceProvider', m_ObjectType: {}, m_Data: '' },
    m_SceneProviderData: { m_Id: 'UnityEngine.ResourceManagement.ResourceProviders.SceneProvider', m_ObjectType: {}, m_Data: '' },
    m_ResourceProviderData: PROVIDERS.map((id) => ({ m_Id: id, m_ObjectType: {}, m_Data: '' })),
    m_ProviderIds: PROVIDERS,
    m_InternalIds: internalIds,
    m_KeyDataString: Buffer.concat(keyData).toString('base64'),
    m_BucketDataString: Buffer.concat(bucketData).toString('base64'),
    m_EntryDataString: Buffer.concat(entryData).toString('base64'),
    m_ExtraDataString: '',
    m_resourceTypes: [
      { m_AssemblyName: 'Unity.ResourceManager', m_ClassName: 'UnityEngine.ResourceManagement.ResourceProviders.IAssetBundleResource' },
      { m_AssemblyName: 'UnityEngine.CoreModule', m_ClassName: 'UnityEngine.GameObject' },
    ],
    m_InternalIdPrefixes: [RUNTIME.slice(0, -1)],
  });
}
