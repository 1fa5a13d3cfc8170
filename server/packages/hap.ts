/**
 * A HarmonyOS HAP's `module.json` (the stage model): the bundle, its versions and API levels, the permissions it
 * asks for and its exported abilities, as the same reading an Android manifest gives.
 */
import { NOT_A_PACKAGE, PackageError } from './errors';
import type { ManifestReading } from './manifest';

interface ModuleJson {
  app?: { bundleName?: string; versionCode?: number; versionName?: string; minAPIVersion?: number; targetAPIVersion?: number; debug?: boolean };
  module?: {
    requestPermissions?: { name?: string }[];
    abilities?: { name?: string; exported?: boolean }[];
    extensionAbilities?: { name?: string; exported?: boolean }[];
  };
}

export function readModuleJson(json: Uint8Array): ManifestReading {
  let m: ModuleJson;
  try {
    m = JSON.parse(Buffer.from(json).toString('utf8')) as ModuleJson;
  } catch {
    throw new PackageError(NOT_A_PACKAGE);
  }
  if (!m.app?.bundleName) throw new PackageError(NOT_A_PACKAGE);
  const mod = m.module ?? {};
  return {
    package: m.app.bundleName,
    versionName: m.app.versionName ?? null,
    versionCode: m.app.versionCode ?? null,
    minSdk: m.app.minAPIVersion ?? null,
    targetSdk: m.app.targetAPIVersion ?? null,
    permissions: (mod.requestPermissions ?? []).map((p) => String(p.name ?? '')).filter(Boolean),
    exported: [
      ...(mod.abilities ?? []).filter((a) => a.exported).map((a) => ({ type: 'activity' as const, name: String(a.name ?? '') })),
      ...(mod.extensionAbilities ?? []).filter((a) => a.exported).map((a) => ({ type: 'service' as const, name: String(a.name ?? '') })),
    ],
    debuggable: m.app.debug === true,
    // HarmonyOS has no manifest flags for backup or cleartext traffic.
    allowBackup: false,
    usesCleartextTraffic: false,
  };
}
