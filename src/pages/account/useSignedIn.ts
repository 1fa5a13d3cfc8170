import { useSessions } from '../../routes/guards';

/**
 * Whether a user (or an administrator) is signed in, as the console's auth check counts it; `undefined` while the
 * server is asked. For the public pages, which load without the console.
 */
export function useSignedIn(): boolean | undefined {
  const sessions = useSessions();
  return sessions && !!(sessions.user ?? sessions.admin);
}
