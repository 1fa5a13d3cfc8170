import type { ServiceModule } from '../index';
import { records } from '../../engine/query';
import { levelOf } from '../../../resources/func/levels';
import { removeCode, uploadCode } from './code';
import { funcModels, SERVICE } from './models';
import { serverCalls } from './servers';
import { autoscalerCalls, autoscalerJob } from './autoscaler';
import { observeCalls } from './observe';
import { funcSupervisorOf } from './supervisors';
import { recoverFuncServers } from './supervisor-recover';

/**
 * Stateful functions (`resources/func.ts`): a function's code checked and unpacked, its servers run by the runtime
 * driver and watched through the Agones-compatible SDK, their players, tags and time.
 */
export const funcModule: ServiceModule = {
  service: SERVICE,
  hooks: {
    functions: {
      derive: async ({ data, existing }) => {
        const l = levelOf(String(data.level ?? '1000m'));
        return { millicores: l.millicores, memoryMiB: l.memoryMiB, trial: l.trial, allocationTtlMinutes: l.allocationTtlMinutes, ...(existing ? {} : { clsEnabled: true }) };
      },
      changed: async ({ ctx, scopeId, ids }) => {
        const q = records(ctx.db, funcModels(ctx).functions);
        for (const id of ids) if (!(await q.maybe(scopeId, id))) await removeCode(funcSupervisorOf(ctx).settings, scopeId, id);
      },
    },
  },
  mount: (api, ctx) => {
    const sup = funcSupervisorOf(ctx);
    api.app.addHook('onClose', () => sup.close());
  },
  prepare: (ctx) => recoverFuncServers(ctx, funcSupervisorOf(ctx)),
  jobs: (ctx) => [autoscalerJob(ctx, funcSupervisorOf(ctx))],
  settled: (ctx) => funcSupervisorOf(ctx).settled(),
  calls: (ctx) => {
    const sup = funcSupervisorOf(ctx);
    return { ...serverCalls(ctx, sup), ...autoscalerCalls(ctx), ...observeCalls(ctx, sup), 'code.put': (call) => uploadCode(ctx, sup.settings, call) };
  },
};
