import type { Ctx } from '../context';
import type { Api } from '../engine/api';

/** Usage, monthly bills, bill logs and the month statistics. */
export function mountMetering(api: Api, ctx: Ctx): void {
  void api;
  void ctx;
}
