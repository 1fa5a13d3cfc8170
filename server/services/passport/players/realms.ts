import type { Queryable } from '../../../db';
import { ApiError } from '../../../engine/errors';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { realmsModel } from './models';

/**
 * The realm a player signs in to or plays in, which must be Open: in Maintenance the player is told so, and a
 * realm not yet opened or closed is refused. An unknown realm is a bad field.
 */
export async function requireOpenRealm(db: Queryable, appId: string, realmId: string, field = '/realmId'): Promise<Data> {
  const realm = await records(db, realmsModel).maybe(appId, realmId);
  if (!realm) throw new ApiError(404, 'REALM_NOT_FOUND', 'realm not found', [{ field, message: 'no such realm' }]);
  if (realm.status === 'Maintenance') throw new ApiError(409, 'REALM_MAINTENANCE', 'the realm is under maintenance');
  if (realm.status !== 'Open') throw new ApiError(409, 'REALM_NOT_OPEN', 'the realm is not open');
  return realm;
}
