import type { Ctx } from '../../context';
import type { Api } from '../../engine/api';
import { mountMemberRoutes } from './member-routes';
import { mountOrganizationRoutes } from './organization-routes';
import { mountProjectRoutes } from './project-routes';
import { mountServiceTokenRoutes } from './service-token-routes';

export { claimInvitations } from './members';
export { normalizeTokenCode } from './service-tokens';

/** Organisations, their members and invitations, their projects, and the administrators' service tokens. */
export function mountOrganizations(api: Api, ctx: Ctx): void {
  mountOrganizationRoutes(api, ctx);
  mountMemberRoutes(api, ctx);
  mountProjectRoutes(api, ctx);
  mountServiceTokenRoutes(api, ctx);
}
