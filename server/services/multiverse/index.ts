import { arch, platform, release } from 'node:os';
import type { Ctx } from '../../context';
import type { ServiceModule } from '../index';
import { records } from '../../engine/query';
import { allocationCalls } from './allocations';
import { fleetJob } from './fleet';
import { buildJob, removeImageFiles, uploadImage } from './images';
import { transferCalls } from './transfer';
import { multiverseModels, SERVICE } from './models';
import { releaseRevision, revisionHooks } from './revisions';
import { supervisorOf } from './supervisors';
import { recoverServers } from './runtime/recover';
import { multiverseDemoModule } from './demo';
import { statsCallHandlers } from './stats';
import { locationRatioHooks, scheduleHooks } from './schedule-hooks';

const HELD = ['created', 'allocated', 'unhealthy'];

/**
 * Servers an earlier run of the platform left live (`runtime/recover.ts`): followed again when their driver's
 * containers or GameServers still run them, otherwise stopped and their records marked failed — none is forgotten.
 */
async function recoverLeftovers(ctx: Ctx): Promise<void> {
  const servers = records(ctx.db, multiverseModels(ctx).servers);
  await recoverServers({
    sup: supervisorOf(ctx),
    severalInstances: ctx.config.severalInstances,
    servers,
    held: HELD,
    followable: (record) => record.status !== 'unhealthy',
    end: async (scopeId, record) => {
      await servers.update(scopeId, { id: String(record.id), status: { $in: HELD } }, { status: 'failed', set: { reason: 'the platform restarted', endedAt: new Date().toISOString() } });
    },
  });
}

/**
 * Multiverse (dedicated game servers): images built from uploaded archives, servers run by the runtime driver and
 * watched through the Agones-compatible SDK, allocations, warm fleets and test servers. Declared in `resources/multiverse/`.
 */
export const multiverseModule: ServiceModule = {
  service: SERVICE,
  hooks: {
    'profile-revisions': revisionHooks,
    'placeholder-schedules': scheduleHooks,
    'location-ratios': locationRatioHooks,
    images: {
      // A deleted image's archive and unpacked files go with it.
      changed: async ({ ctx, scopeId, ids }) => {
        const q = records(ctx.db, multiverseModels(ctx).images);
        for (const id of ids) if (!(await q.maybe(scopeId, id))) await removeImageFiles(supervisorOf(ctx).settings, scopeId, id);
      },
    },
  },
  mount: (api, ctx) => {
    const sup = supervisorOf(ctx);
    api.app.addHook('onClose', () => sup.close());
  },
  prepare: recoverLeftovers,
  jobs: (ctx) => [buildJob(ctx, supervisorOf(ctx).settings), fleetJob(ctx, supervisorOf(ctx))],
  settled: (ctx) => supervisorOf(ctx).settled(),
  calls: (ctx) => {
    const sup = supervisorOf(ctx);
    return {
      ...allocationCalls(ctx, sup),
      ...statsCallHandlers(ctx),
      ...transferCalls(ctx),
      'images.create': (call) => uploadImage(ctx, sup.settings, call),
      'profile-revisions.release': (call) => releaseRevision(ctx, call),
      'images.logs': async ({ record }) => ({ logs: ((record?.logs ?? []) as { at: string; line: string }[]).map((l) => ({ ...l, stream: 'system' })) }),
      'servers.logs': async ({ record }) => ({ logs: sup.logs(String(record!.id), 1000, record!) }),
      providerRegions: async () => ({ items: sup.settings.regions.map((r) => ({ name: r.name, location: r.location, driver: sup.driver.name })) }),
      locations: async () => ({ items: [...new Set(sup.settings.regions.map((r) => r.location))].map((name) => ({ name, address: sup.settings.publicHost, region: sup.settings.regions.filter((r) => r.location === name).map((r) => r.name).join(',') })) }),
      gameOs: async () => ({ items: [{ name: `${platform()} ${release()}`, arch: arch() }] }),
    };
  },
};

export const multiverseModules: ServiceModule[] = [multiverseModule, multiverseDemoModule];
export { supervisorOf };
