import type { Ctx } from '../../context';
import { multiverseSettings } from './settings';
import { Supervisor } from './supervisor';

/** One supervisor per running server (the driver's child processes belong to this process). */
const supervisors = new WeakMap<Ctx, Supervisor>();
export function supervisorOf(ctx: Ctx): Supervisor {
  let sup = supervisors.get(ctx);
  if (!sup) {
    sup = new Supervisor(ctx, multiverseSettings(ctx.config));
    supervisors.set(ctx, sup);
  }
  return sup;
}

