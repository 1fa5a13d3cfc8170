import { funcStateless } from '../../../resources/func-stateless';
import { modelOf, type Ctx } from '../../context';
import type { ResourceModel } from '../../engine/model';

export const SERVICE = funcStateless.name;

export interface FuncModels {
  functions: ResourceModel;
  versions: ResourceModel;
  invocations: ResourceModel;
  bundles: ResourceModel;
  environments: ResourceModel;
}

/** The service's resource models, by name. */
export const funcModels = (ctx: Ctx): FuncModels => ({
  functions: modelOf(ctx, SERVICE, 'functions'),
  versions: modelOf(ctx, SERVICE, 'versions'),
  invocations: modelOf(ctx, SERVICE, 'invocations'),
  bundles: modelOf(ctx, SERVICE, 'bundles'),
  environments: modelOf(ctx, SERVICE, 'environments'),
});
