import type { DataProvider } from '@refinedev/core';
import type { ServiceDecl } from '../resources/types';
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

/** The data provider of a service's convention. */
export const providerOf = (service: ServiceDecl): DataProvider => dataProviders[service.convention] ?? dataProviders.default;
