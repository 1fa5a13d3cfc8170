import type { Ctx } from '../../context';
import type { ServiceModule } from '../index';
import { records } from '../../engine/query';
import { levelOf } from '../../../resources/func/levels';
import { removeCode, uploadCode } from './code';
import { funcModels, SERVICE } from './models';
import { serverCalls } from './servers';
import { autoscalerCalls, autoscalerJob } from './autoscaler';
import { observeCalls } from './observe';
import { LIVE } from './supervisor';
import { funcSupervisorOf } from './supervisors';
import { killLeftover, leftBehindBy } from '../multiverse/runtime/leftovers';

/**
 * Servers a previous run of the platform on this machine left live: each one's process, if it still runs (its
 * environment names the server), is stopped, and the record marked failed — none is forgotten.
 */
async function recoverLeftovers(ctx: Ctx): Promise<void> {
  const sup = funcSupervisorOf(ctx);
  const q = records(ctx.db, funcModels(ctx).servers);
  const live = await q.findEverywhere({ where: { status: { $in: [...LIVE, 'deleting'] } }, limit: 10_000 });
  for (const { scopeId, record } of live) {
    if (!leftBehindBy(String(record.instance ?? ''), sup.instance)) continue;
    await killLeftover(Number(record.pid ?? 0), String(record.id));
    const endedAt = new Date().toISOString();
    await q.update(scopeId, { id: String(record.id), status: 'deleting' }, { status: 'deleted', set: { endedAt } });
    await q.update(scopeId, { id: String(record.id), status: { $in: LIVE } }, { status: 'failed', set: { reason: 'the platform restarted', endedAt } });
  }
}

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
  prepare: recoverLeftovers,
  jobs: (ctx) => [autoscalerJob(ctx, funcSupervisorOf(ctx))],
  settled: (ctx) => funcSupervisorOf(ctx).settled(),
  calls: (ctx) => {
    const sup = funcSupervisorOf(ctx);
    return { ...serverCalls(ctx, sup), ...autoscalerCalls(ctx), ...observeCalls(ctx, sup), 'code.put': (call) => uploadCode(ctx, sup.settings, call) };
  },
};
