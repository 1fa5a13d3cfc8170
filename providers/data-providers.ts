import type { DataProvider } from '@refinedev/core';
import { cdnDataProvider } from './cdn';
import { passportDataProvider } from './passport';
import { restDataProvider } from './rest';

/** The console's data providers by a service's `convention` (`default` for any other). */
export const dataProviders: Record<string, DataProvider> & { default: DataProvider } = {
  default: restDataProvider,
  rest: restDataProvider,
  passport: passportDataProvider,
  cdn: cdnDataProvider,
};
