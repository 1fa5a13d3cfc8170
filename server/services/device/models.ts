import { device } from '../../../resources/device';
import { modelOf, type Ctx } from '../../context';

export const SERVICE = device.name;

export const deviceModels = (ctx: Ctx) => ({
  packages: modelOf(ctx, SERVICE, 'packages'),
  sessions: modelOf(ctx, SERVICE, 'sessions'),
  configs: modelOf(ctx, SERVICE, 'configs'),
});

