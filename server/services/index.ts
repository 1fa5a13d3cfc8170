import type { Ctx } from '../context';
import type { Api } from '../engine/api';
import type { CallHandlers } from '../engine/declared-calls';
import type { DemoSteps } from '../engine/demo-seed';
import type { Job } from '../engine/jobs';
import type { SocketHandlers } from '../engine/sockets';
import type { HookRegistry, PlayerPrincipal, ResourceHooks } from '../engine/hooks';
import { aiModule } from './ai';
import { bakingModules } from './baking';
import { cdnModules } from './cdn';
import { deviceModule } from './device';
import { overrideHooks } from './config/hooks';
import { configCallHandlers, mountConfigService } from './config/routes';
import { passportModules } from './passport';
import { uprModule } from './upr';
import { windModule } from './wind';
import { pushModule } from './push';
import { safeModules } from './safe';
import { saveModule } from './save';
import { storageModule } from './storage';
import { multiverseModules } from './multiverse';
import { matchModule } from './match';
import { funcStatelessModule } from './func-stateless';
import { funcModule } from './func';
import { usyncModule } from './usync';
import { helloModule } from './hello';
import { metricsModule } from './metrics';
import { stacktraceModule } from './stacktrace';

/** A service's hand-written part: checks on its declared resources and calls a declaration cannot express. */
export interface ServiceModule {
  service: string;
  hooks?: Record<string, ResourceHooks>;
  mount?: (api: Api, ctx: Ctx) => void;
  /** The service's periodic work, run by the engine's jobs (one instance at a time, `server/engine/jobs.ts`). */
  jobs?: (ctx: Ctx, api: Api) => Job[];
  /** The behaviour of the service's declared calls (`ServiceDecl.calls`) this module gives, by call name. */
  calls?: (ctx: Ctx) => CallHandlers;
  /** What happens on a connection of the service's declared sockets (`ServiceDecl.sockets`), by socket name. */
  sockets?: (ctx: Ctx) => SocketHandlers;
  /** Who a player call is made by, for the player reads its declaration asks the engine to mount. */
  player?: PlayerPrincipal;
  /** Brings the service's stored data up to date at start-up, after the migrations and before any call is served. */
  prepare?: (ctx: Ctx) => Promise<void>;
  /** The behaviour the service's declared demo data (`ServiceDecl.demo`) runs, by step name (`DemoStep`). */
  seedSteps?: DemoSteps;
  /** Resolves once the work the service went on with after answering (a database being made) has ended. */
  settled?: (ctx: Ctx) => Promise<void>;
}

export const serviceModules: ServiceModule[] = [
  { service: 'remote-config', hooks: { overrides: overrideHooks }, mount: mountConfigService, calls: configCallHandlers },
  ...passportModules,
  aiModule,
  ...cdnModules,
  uprModule,
  windModule,
  ...safeModules,
  deviceModule,
  ...bakingModules,
  pushModule,
  ...multiverseModules,
  matchModule,
  funcStatelessModule,
  funcModule,
  usyncModule,
  helloModule,
  metricsModule,
  saveModule,
  storageModule,
  stacktraceModule,
];

/** The behaviour of a service's declared calls, from every module of that service (a name given twice is an error). */
export function handlersOf(ctx: Ctx, service: string, modules = serviceModules): CallHandlers {
  const all: CallHandlers = {};
  for (const mod of modules.filter((m) => m.service === service)) {
    for (const [name, handler] of Object.entries(mod.calls?.(ctx) ?? {})) {
      if (all[name]) throw new Error(`${service}: two modules give the behaviour of call '${name}'`);
      all[name] = handler;
    }
  }
  return all;
}

/** The handlers of a service's declared sockets, from its modules. */
export function socketsOf(ctx: Ctx, service: string, modules = serviceModules): SocketHandlers {
  return Object.assign({}, ...modules.filter((m) => m.service === service).map((m) => m.sockets?.(ctx) ?? {}));
}

/** Every service's work in the background ended: what a caller that reads the data as a whole waits for. */
export async function servicesSettled(ctx: Ctx): Promise<void> {
  for (const m of serviceModules) await m.settled?.(ctx);
}

/** The modules' resource hooks by `service/resource`: what the engine's writes, and the demo's records, run. */
export function hookRegistryOf(modules: ServiceModule[]): HookRegistry {
  return new Map(modules.flatMap((mod) => Object.entries(mod.hooks ?? {}).map(([res, h]) => [`${mod.service}/${res}`, h] as const)));
}
