/**
 * A signing identity for packages the platform builds (the demo's, the tests'): an RSA key made by node's crypto and
 * a self-signed certificate for it made by node-forge.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

export interface SigningIdentity {
  privateKey: KeyObject;
  publicKeyDer: Buffer;
  certificateDer: Buffer;
  forgeKey: forge.pki.rsa.PrivateKey;
  forgeCert: forge.pki.Certificate;
}

export function signingIdentity(commonName: string): SigningIdentity {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forgeKey = forge.pki.privateKeyFromPem(privateKey.export({ format: 'pem', type: 'pkcs1' }).toString()) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ format: 'pem', type: 'spki' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.UTC(2020, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2050, 0, 1));
  const subject = [{ name: 'commonName', value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(forgeKey, forge.md.sha256.create());
  return {
    privateKey,
    publicKeyDer: publicKey.export({ format: 'der', type: 'spki' }),
    certificateDer: Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'),
    forgeKey,
    forgeCert: cert,
  };
}
