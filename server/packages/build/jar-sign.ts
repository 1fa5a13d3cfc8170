/** JAR signing of a package's entries: `META-INF/MANIFEST.MF`, `CERT.SF` and a detached PKCS#7 `CERT.RSA` (node-forge). */
import { createHash } from 'node:crypto';
import forge from 'node-forge';
import type { SigningIdentity } from './signer-key';

const b64 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('base64');

/** The signature files to add to `files`, signed by `signer` (or carrying `signer`'s certificate but `keyOf`'s signature). */
export function jarSignatureFiles(files: Record<string, Uint8Array>, signer: SigningIdentity, keyOf: SigningIdentity = signer): Record<string, Uint8Array> {
  const manifest =
    'Manifest-Version: 1.0\r\nCreated-By: Lodestar\r\n\r\n' +
    Object.entries(files)
      .map(([name, data]) => `Name: ${name}\r\nSHA-256-Digest: ${b64(data)}\r\n\r\n`)
      .join('');
  const sf = `Signature-Version: 1.0\r\nSHA-256-Digest-Manifest: ${b64(manifest)}\r\nCreated-By: Lodestar\r\n\r\n`;
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(sf, 'utf8');
  p7.addCertificate(signer.forgeCert);
  p7.addSigner({
    key: keyOf.forgeKey,
    certificate: signer.forgeCert,
    digestAlgorithm: forge.pki.oids.sha256,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest },
      { type: forge.pki.oids.signingTime, value: new Date(Date.UTC(2024, 0, 1)) as unknown as string },
    ],
  });
  p7.sign({ detached: true });
  return {
    'META-INF/MANIFEST.MF': Buffer.from(manifest),
    'META-INF/CERT.SF': Buffer.from(sf),
    'META-INF/CERT.RSA': Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary'),
  };
}
