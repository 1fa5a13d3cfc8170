/** A signer's certificate as a check reports it: its subject, fingerprints and validity, read by node's X509Certificate. */
import { X509Certificate, createHash } from 'node:crypto';

export interface CertificateReading {
  subject: string;
  issuer: string;
  /** Upper-case hex pairs joined by colons, as keytool and the app stores print them. */
  sha1: string;
  sha256: string;
  validFrom: string;
  validTo: string;
}

/** `AB:CD:…` of a digest. */
export const colonHex = (digest: Buffer): string => digest.toString('hex').toUpperCase().replace(/(..)(?!$)/g, '$1:');

export function certificateOf(der: Buffer): { cert: X509Certificate; reading: CertificateReading } {
  const cert = new X509Certificate(der);
  return {
    cert,
    reading: {
      subject: cert.subject.replace(/\n/g, ', '),
      issuer: cert.issuer.replace(/\n/g, ', '),
      sha1: colonHex(createHash('sha1').update(der).digest()),
      sha256: colonHex(createHash('sha256').update(der).digest()),
      validFrom: new Date(cert.validFrom).toISOString(),
      validTo: new Date(cert.validTo).toISOString(),
    },
  };
}
