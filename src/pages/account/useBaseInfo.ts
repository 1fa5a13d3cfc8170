import { useEffect, useState } from 'react';
import type { BaseInfo } from '../../../resources/account-api';
import { fetchBaseInfo } from '../../../providers/auth';

/** Base info (read once per page load); undefined while loading, null when it could not be read. */
export function useBaseInfo(): BaseInfo | null | undefined {
  const [info, setInfo] = useState<BaseInfo | null>();
  useEffect(() => {
    let live = true;
    void fetchBaseInfo().then((answer) => live && setInfo(answer));
    return () => {
      live = false;
    };
  }, []);
  return info;
}
