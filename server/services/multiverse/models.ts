import { multiverse } from '../../../resources/multiverse';
import { modelOf, type Ctx } from '../../context';

export const SERVICE = multiverse.name;

/** Multiverse's record models. */
export const multiverseModels = (ctx: Ctx) => ({
  games: modelOf(ctx, SERVICE, 'games'),
  profiles: modelOf(ctx, SERVICE, 'profiles'),
  revisions: modelOf(ctx, SERVICE, 'profile-revisions'),
  images: modelOf(ctx, SERVICE, 'images'),
  servers: modelOf(ctx, SERVICE, 'servers'),
  schedules: modelOf(ctx, SERVICE, 'placeholder-schedules'),
});

export type MultiverseModels = ReturnType<typeof multiverseModels>;
