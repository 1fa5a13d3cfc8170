/** The SHA-1 list: each entry's fingerprint kept in one form (upper case, colons), so the list is unique and the checks compare it. */
import type { ResourceHooks } from '../../engine/hooks';
import { fingerprintOf } from './models';

export const sha1Hooks: ResourceHooks = {
  derive: ({ data }) => ({ fingerprint: fingerprintOf(String(data.sha1 ?? '')) }),
};
