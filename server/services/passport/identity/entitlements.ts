import { modelOf } from '../../../context';
import type { FieldError } from '../../../engine/errors';
import type { ResourceHooks } from '../../../engine/hooks';
import { records } from '../../../engine/query';
import { SERVICE } from './shared';

/*
 * Entitlements move with time (Pending to Active at the start time; Pending, Active or Suspended to Expired at the
 * end time): their declared timed states (`resources/passport/identity.ts`), made by the engine.
 */

/**
 * An entitlement belongs to a user of the app (and to one of that user's personas, when it names one); that it ends
 * after it starts is declared (`x-after`).
 */
export const entitlementHooks: ResourceHooks = {
  validate: async ({ ctx, scopeId, data }) => {
    const errs: FieldError[] = [];
    const owner = (kind: 'users' | 'personas', id: unknown) => records(ctx.db, modelOf(ctx, SERVICE, kind)).maybe(scopeId, String(id));
    if (!(await owner('users', data.userId))) errs.push({ field: '/userId', message: 'no such user' });
    else if (data.personaId !== undefined && (await owner('personas', data.personaId))?.userId !== data.userId) {
      errs.push({ field: '/personaId', message: 'not a persona of this user' });
    }
    return errs;
  },
};
