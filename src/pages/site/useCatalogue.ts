import { CATALOGUE_PATH, type CatalogueAnswer, type CatalogueService } from '../../../resources/site-api';
import { useFetch } from '../../lib/useFetch';

/** The public catalogue (`GET /base/catalogue`): the declared services as the site shows them. */
export function useCatalogue(): { services: CatalogueService[] | undefined; loading: boolean; failed: boolean } {
  const { data, loading, error } = useFetch<CatalogueAnswer>(CATALOGUE_PATH);
  return { services: data?.services, loading, failed: !!error };
}
