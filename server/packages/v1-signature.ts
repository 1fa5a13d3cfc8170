/**
 * JAR signing (APK signature scheme v1, and how AABs are signed): `META-INF/MANIFEST.MF` lists every entry's digest,
 * `<name>.SF` the manifest's digest, and `<name>.RSA|DSA|EC` is a PKCS#7 SignedData over the `.SF` file. The PKCS#7
 * structure is read with node-forge's ASN.1 reader; the signature is checked with node's crypto against the signer's
 * certificate, and every digest down to the entries' contents.
 */
import { createHash, verify } from 'node:crypto';
import forge from 'node-forge';
import { certificateOf } from './certificates';
import type { SignerReading } from './signer';

const DIGEST_OIDS: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const JAR_DIGESTS: Record<string, string> = { 'SHA-256': 'sha256', 'SHA1': 'sha1', 'SHA-1': 'sha1', 'SHA-512': 'sha512', 'SHA-384': 'sha384' };

type Asn1 = forge.asn1.Asn1;
const kids = (a: Asn1 | undefined): Asn1[] => (Array.isArray(a?.value) ? (a.value as Asn1[]) : []);
const bytes = (a: Asn1 | undefined): Buffer => Buffer.from(typeof a?.value === 'string' ? a.value : '', 'binary');
const der = (a: Asn1): Buffer => Buffer.from(forge.asn1.toDer(a).getBytes(), 'binary');
const oid = (a: Asn1 | undefined): string => forge.asn1.derToOid(forge.util.createBuffer(bytes(kids(a)[0] ?? a).toString('binary')));

/** The sections of a JAR manifest or `.SF` file: each a map of its attributes (continuation lines joined). */
export function jarSections(text: string): Record<string, string>[] {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\n /g, '')
    .split(/\n\n+/)
    .filter((s) => s.trim())
    .map((s) => Object.fromEntries(s.split('\n').filter((l) => l.includes(': ')).map((l) => [l.slice(0, l.indexOf(': ')), l.slice(l.indexOf(': ') + 2)])));
}

/** The first `<alg>-Digest<suffix>` attribute of a section that names an algorithm node knows, as `[alg, base64]`. */
function digestOf(section: Record<string, string>, suffix: string): [string, string] | null {
  for (const [key, value] of Object.entries(section)) {
    const alg = key.endsWith(`-Digest${suffix}`) ? JAR_DIGESTS[key.slice(0, -`-Digest${suffix}`.length)] : undefined;
    if (alg) return [alg, value];
  }
  return null;
}

const b64 = (alg: string, data: Uint8Array) => createHash(alg).update(data).digest('base64');

/** Every entry but the signature files is listed in the manifest with its content's digest. */
function manifestProblem(manifest: string, entries: Map<string, Uint8Array>): string | undefined {
  const listed = new Map(jarSections(manifest).slice(1).map((s) => [s.Name, s]));
  for (const [name, data] of entries) {
    if (name.endsWith('/') || /^META-INF\/[^/]+\.(MF|SF|RSA|DSA|EC)$/i.test(name)) continue;
    const d = listed.get(name) && digestOf(listed.get(name)!, '');
    if (!d) return `${name} is not signed`;
    if (b64(d[0], data) !== d[1]) return `${name} does not match its signed digest`;
  }
  return undefined;
}

/** The PKCS#7 signature over the `.SF` file, checked with the signer's certificate: the signer's reading. */
function pkcs7Signer(block: Uint8Array, sf: Buffer): SignerReading {
  const signed = kids(kids(kids(forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(block).toString('binary'))))[1])[0]);
  const certs = kids(signed.find((a) => a.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && a.type === 0)).map(der);
  const info = kids(kids(signed[signed.length - 1])[0]);
  const { cert, reading } = certificateOf(certs[0]);
  const alg = DIGEST_OIDS[oid(info[2])];
  const attrs = info.find((a) => a.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && a.type === 0);
  const signature = bytes(info[info.length - 1]);
  let content = sf;
  if (attrs) {
    const digest = kids(attrs).find((a) => oid(kids(a)[0]) === MESSAGE_DIGEST);
    if (!digest || !bytes(kids(kids(digest)[1])[0]).equals(createHash(alg).update(sf).digest()))
      return { scheme: 'v1', certificate: reading, verified: false, problem: 'the signature does not cover this signature file' };
    content = der(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, kids(attrs)));
  }
  const ok = !!alg && verify(alg, content, cert.publicKey, signature);
  return ok ? { scheme: 'v1', certificate: reading, verified: true } : { scheme: 'v1', certificate: reading, verified: false, problem: 'the signature does not verify' };
}

/** The package's JAR signers (none when it has no signature block), each checked down to the entries. */
export function v1Signers(entries: Map<string, Uint8Array>): SignerReading[] {
  const manifest = entries.get('META-INF/MANIFEST.MF');
  const blocks = [...entries.keys()].filter((n) => /^META-INF\/[^/]+\.(RSA|DSA|EC)$/i.test(n));
  return blocks.map((name) => {
    const sf = entries.get(name.replace(/\.[^.]+$/, '.SF'));
    if (!manifest || !sf) return { scheme: 'v1', certificate: null, verified: false, problem: 'the signature files are incomplete' };
    let signer: SignerReading;
    try {
      signer = pkcs7Signer(entries.get(name)!, Buffer.from(sf));
    } catch {
      return { scheme: 'v1', certificate: null, verified: false, problem: 'the signature block cannot be read' };
    }
    if (!signer.verified) return signer;
    const whole = digestOf(jarSections(Buffer.from(sf).toString('utf8'))[0] ?? {}, '-Manifest');
    if (!whole || b64(whole[0], manifest) !== whole[1]) return { ...signer, verified: false, problem: 'the manifest does not match its signed digest' };
    const problem = manifestProblem(Buffer.from(manifest).toString('utf8'), entries);
    return problem ? { ...signer, verified: false, problem } : signer;
  });
}
