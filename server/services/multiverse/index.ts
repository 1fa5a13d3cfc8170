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
import { killLeftover, leftBehindBy } from './runtime/leftovers';
import { multiverseDemoModule } from './demo';
import { statsCallHandlers } from './stats';
import { locationRatioHooks, scheduleHooks } from './schedule-hooks';

/**
 * Servers a previous run of the platform on this machine left live: each one's process, if it still runs (its
 * environment names the server), is stopped — or its container or GameServer removed by the driver — and the record
 * marked failed: none is forgotten.
 */
async function recoverLeftovers(ctx: Ctx): Promise<void> {
  const sup = supervisorOf(ctx);
  const q = records(ctx.db, multiverseModels(ctx).servers);
  const live = await q.findEverywhere({ where: { status: { $in: ['created', 'allocated', 'unhealthy'] } }, limit: 10_000 });
  for (const { scopeId, record } of live) {
    if (!leftBehindBy(String(record.instance ?? ''), sup.instance)) continue;
    if (sup.driver.reclaim) await sup.driver.reclaim(String(record.id));
    else await killLeftover(Number(record.pid ?? 0), String(record.id));
    await q.update(scopeId, { id: String(record.id), status: { $in: ['created', 'allocated', 'unhealthy'] } }, { status: 'failed', set: { reason: 'the platform restarted', endedAt: new Date().toISOString() } });
  }
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
