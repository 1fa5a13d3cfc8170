/**
 * Function servers an earlier run of the platform left live, at start-up (`runtime/recover.ts`): followed again by
 * this run's supervisor when their driver's containers or GameServers still run them, otherwise stopped and their
 * records ended — `deleted` when they were being deleted, `failed` else. None is forgotten.
 */
import type { Ctx } from '../../context';
import { records } from '../../engine/query';
import { recoverServers } from '../multiverse/runtime/recover';
import { funcModels } from './models';
import { LIVE, type FuncSupervisor } from './supervisor';

export async function recoverFuncServers(ctx: Ctx, sup: FuncSupervisor): Promise<void> {
  const servers = records(ctx.db, funcModels(ctx).servers);
  await recoverServers({
    sup,
    severalInstances: ctx.config.severalInstances,
    servers,
    held: [...LIVE, 'deleting'],
    followable: (record) => record.status === 'created' || record.status === 'running',
    end: async (scopeId, record) => {
      const id = String(record.id);
      const endedAt = new Date().toISOString();
      await servers.update(scopeId, { id, status: 'deleting' }, { status: 'deleted', set: { endedAt } });
      await servers.update(scopeId, { id, status: { $in: LIVE } }, { status: 'failed', set: { reason: 'the platform restarted', endedAt } });
    },
  });
}
