import { func } from '../../../resources/func';
import { modelOf, type Ctx } from '../../context';

export const SERVICE = func.name;

/** Stateful functions' record models. */
export const funcModels = (ctx: Ctx) => ({
  functions: modelOf(ctx, SERVICE, 'functions'),
  servers: modelOf(ctx, SERVICE, 'servers'),
  autoscalers: modelOf(ctx, SERVICE, 'autoscalers'),
  history: modelOf(ctx, SERVICE, 'autoscaling-history'),
});
