import { createContext, useContext } from 'react';
import type { AppRecord } from '../../providers/types';

/** The app whose console is open (read once by the layout from GET /api/app/:appId). */
export const CurrentAppContext = createContext<AppRecord | undefined>(undefined);

export function useCurrentApp(): AppRecord | undefined {
  return useContext(CurrentAppContext);
}
