import type { Ctx } from '../../context';
import { funcSettings } from './settings';
import { FuncSupervisor } from './supervisor';

/** One supervisor per running server (the driver's child processes belong to this process). */
const supervisors = new WeakMap<Ctx, FuncSupervisor>();
export function funcSupervisorOf(ctx: Ctx): FuncSupervisor {
  let sup = supervisors.get(ctx);
  if (!sup) {
    sup = new FuncSupervisor(ctx, funcSettings(ctx.config));
    supervisors.set(ctx, sup);
  }
  return sup;
}
