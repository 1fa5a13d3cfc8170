import { device } from '../../../resources/device';
import { modelOf, type Ctx } from '../../context';
import type { CallInput } from '../../engine/declared-calls';
import { notFound } from '../../engine/errors';

export const SERVICE = device.name;

export const deviceModels = (ctx: Ctx) => ({
  packages: modelOf(ctx, SERVICE, 'packages'),
  sessions: modelOf(ctx, SERVICE, 'sessions'),
  configs: modelOf(ctx, SERVICE, 'configs'),
});

/** The app the path names (`<base>/{appId}/…`) must be the caller's own. */
export function ownApp({ params, scopeId }: CallInput): string {
  if (params.appId !== scopeId) throw notFound('no device testing for this app');
  return scopeId;
}
