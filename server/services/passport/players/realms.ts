import { ApiError, type FieldError } from '../../../engine/errors';
import type { RecordStore, Data } from '../../../engine/store';
import { realmsModel } from './models';

/**
 * The realm a player signs in to or plays in, which must be Open: in Maintenance the player is told so, and a
 * realm not yet opened or closed is refused. An unknown realm is a bad field.
 */
export async function requireOpenRealm(store: RecordStore, appId: string, realmId: string, field = '/realmId'): Promise<Data> {
  let realm: Data;
  try {
    realm = await store.get(realmsModel, appId, realmId);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      const details: FieldError[] = [{ field, message: 'no such realm' }];
      throw new ApiError(404, 'REALM_NOT_FOUND', 'realm not found', details);
    }
    throw err;
  }
  if (realm.status === 'Maintenance') throw new ApiError(409, 'REALM_MAINTENANCE', 'the realm is under maintenance');
  if (realm.status !== 'Open') throw new ApiError(409, 'REALM_NOT_OPEN', 'the realm is not open');
  return realm;
}
