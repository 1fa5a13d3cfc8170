import { safe } from '../../../resources/safe';
import { modelOf, type Ctx } from '../../context';

export const SERVICE = safe.name;

/** Safe's record models: the app's record, its SHA-1 list, its packages and their integrity manifests. */
export const safeModels = (ctx: Ctx) => ({
  apps: modelOf(ctx, SERVICE, 'apps'),
  sha1: modelOf(ctx, SERVICE, 'sha1'),
  protections: modelOf(ctx, SERVICE, 'protections'),
  manifests: modelOf(ctx, SERVICE, 'integrity-manifests'),
});

/** A SHA-1 fingerprint as checks compare it: upper case, colons between the pairs (from either accepted form). */
export const fingerprintOf = (sha1: string) => sha1.replace(/:/g, '').toUpperCase().replace(/(..)(?!$)/g, '$1:');
