import { useEffect, useState } from 'react';
import { fetchIdentity } from '../../../providers/auth';

/**
 * Whether a user (or an administrator) is signed in, from the same check the console makes; `undefined` while
 * the server is asked. For the public pages, which load without the console.
 */
export function useSignedIn(): boolean | undefined {
  const [signedIn, setSignedIn] = useState<boolean>();
  useEffect(() => {
    let live = true;
    void fetchIdentity().then((who) => live && setSignedIn(!!who));
    return () => {
      live = false;
    };
  }, []);
  return signedIn;
}
