/**
 * An Android package's manifest: the binary XML of an APK (read by DeviceFarmer's apkreader) or the aapt2 protobuf
 * XML of an AAB's `base/manifest/AndroidManifest.xml` (turned into the same document and read by the same parser),
 * reduced to what a check needs.
 */
import ManifestParser from '@devicefarmer/adbkit-apkreader/lib/apkreader/parser/manifest.js';
import { NOT_A_PACKAGE, PackageError } from './errors';
import { protoBytes, protoFields, protoString } from './proto-wire';

export interface Component {
  type: 'activity' | 'service' | 'receiver' | 'provider';
  name: string;
}

export interface ManifestReading {
  package: string;
  versionName: string | null;
  versionCode: number | null;
  minSdk: number | null;
  targetSdk: number | null;
  permissions: string[];
  /** Components other apps may start: `exported="true"`, or intent filters without the attribute before Android 12. */
  exported: Component[];
  debuggable: boolean;
  allowBackup: boolean;
  usesCleartextTraffic: boolean;
}

type Attrs = Record<string, unknown> & { intentFilters?: unknown[] };
interface Parsed {
  package?: string;
  versionName?: unknown;
  versionCode?: unknown;
  usesSdk?: Attrs | null;
  usesPermissions: Attrs[];
  application: Attrs & Partial<Record<'activities' | 'activityAliases' | 'services' | 'receivers' | 'providers', Attrs[]>>;
}

const num = (v: unknown): number | null => (v === undefined || v === null || v === '' || Number.isNaN(Number(v)) ? null : Number(v));
const flag = (v: unknown, dflt: boolean): boolean => (v === undefined ? dflt : v === true || v === 'true');

function reading(p: Parsed): ManifestReading {
  if (!p.package) throw new PackageError(NOT_A_PACKAGE);
  const targetSdk = num(p.usesSdk?.targetSdkVersion);
  const app = p.application ?? {};
  const kinds = [['activity', app.activities], ['activity', app.activityAliases], ['service', app.services], ['receiver', app.receivers], ['provider', app.providers]] as const;
  const exported = kinds.flatMap(([type, list]) =>
    (list ?? [])
      .filter((c) => (c.exported === undefined ? (c.intentFilters?.length ?? 0) > 0 && (targetSdk ?? 0) < 31 : flag(c.exported, false)))
      .map((c) => ({ type, name: String(c.name ?? '') })),
  );
  return {
    package: String(p.package),
    versionName: p.versionName === undefined ? null : String(p.versionName),
    versionCode: num(p.versionCode),
    minSdk: num(p.usesSdk?.minSdkVersion),
    targetSdk,
    permissions: p.usesPermissions.map((x) => String(x.name ?? '')).filter(Boolean),
    exported,
    debuggable: flag(app.debuggable, false),
    allowBackup: flag(app.allowBackup, true),
    // Cleartext is allowed by default before Android 9 (API 28).
    usesCleartextTraffic: flag(app.usesCleartextTraffic, (targetSdk ?? 0) < 28),
  };
}

function parsed(parser: { parse(): unknown }): Parsed {
  try {
    return parser.parse() as Parsed;
  } catch {
    throw new PackageError(NOT_A_PACKAGE);
  }
}

/** An APK's `AndroidManifest.xml` (Android binary XML). */
export const readBinaryManifest = (xml: Buffer): ManifestReading => reading(parsed(new ManifestParser(xml)));

interface XmlNode {
  nodeName: string;
  attributes: { name: string; typedValue: { value: unknown } }[];
  childNodes: XmlNode[];
}

const typed = (v: string): unknown => (v === 'true' ? true : v === 'false' ? false : /^-?\d+$/.test(v) ? Number(v) : v);

/** aapt2's `XmlNode { XmlElement element = 1 }`: `XmlElement { name = 3; attribute = 4; child = 5 }`, `XmlAttribute { name = 2; value = 3 }`. */
function protoNode(node: Buffer): XmlNode | null {
  const element = protoBytes(protoFields(node), 1)[0];
  if (!element) return null;
  const f = protoFields(element);
  return {
    nodeName: protoString(f, 3),
    attributes: protoBytes(f, 4).map((a) => {
      const af = protoFields(a);
      return { name: protoString(af, 2), typedValue: { value: typed(protoString(af, 3)) } };
    }),
    childNodes: protoBytes(f, 5).map(protoNode).filter((n): n is XmlNode => n !== null),
  };
}

/** An AAB's `base/manifest/AndroidManifest.xml` (aapt2's protobuf XML). */
export function readProtoManifest(xml: Buffer): ManifestReading {
  const root = protoNode(xml);
  if (!root || root.nodeName !== 'manifest') throw new PackageError(NOT_A_PACKAGE);
  const parser = new ManifestParser(Buffer.alloc(0));
  parser.xmlParser = { parse: () => root };
  return reading(parsed(parser));
}
