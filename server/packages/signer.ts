/** What the package reader says of one signer, whatever the scheme. */
import type { CertificateReading } from './certificates';

export type SigningScheme = 'v1' | 'v2' | 'v3';

export interface SignerReading {
  scheme: SigningScheme;
  /** The signer's own certificate (the first of its chain). */
  certificate: CertificateReading | null;
  /** The signature checks out: over what it signs, and what it signs over the package's content. */
  verified: boolean;
  /** Why it does not (an English phrase), when it does not. */
  problem?: string;
}
