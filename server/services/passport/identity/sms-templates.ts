import { conflict } from '../../../engine/errors';
import type { ResourceHooks } from '../../../engine/hooks';

/**
 * An approved template's text is what the platform approved: changing it means a new template, reviewed again. The
 * review (approve, reject) is declared as state actions only administrators may call, and enabling one as a `choose`
 * command (`resources/passport/identity.ts`).
 */
export const smsTemplateHooks: ResourceHooks = {
  validate: ({ data, existing }) => {
    if (existing?.status === 'Available' && existing.content !== data.content) {
      throw conflict('INVALID_TRANSITION', 'an approved template cannot be changed; create a new one', [{ field: '/content', message: 'cannot be changed' }]);
    }
    return [];
  },
};
