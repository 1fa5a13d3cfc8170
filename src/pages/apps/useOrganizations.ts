import { useCustom } from '@refinedev/core';
import { canManage, DEFAULT_LIST_COUNT, type OrganizationItem, type OrganizationList } from '../../../resources/org-api';

/** The organisations the viewer sees (every one for administrators), and those they may create apps in. */
export function useOrganizations(isAdmin: boolean): { organizations: OrganizationItem[]; manageable: OrganizationItem[]; loading: boolean } {
  const { result, query } = useCustom<OrganizationList>({
    url: '/api/organizations',
    method: 'get',
    config: { query: { count: DEFAULT_LIST_COUNT } },
    errorNotification: false,
    // Without the list the page still works (no organisation filter): no toast for it.
    meta: { silent: true },
  });
  const organizations = result.data?.Items ?? [];
  return {
    organizations,
    manageable: isAdmin ? organizations : organizations.filter((o) => canManage(o.Role)),
    loading: query.isLoading,
  };
}
