import type { Ctx } from '../context';
import type { Api } from '../engine/api';

/** Operation history, statistics, tickets, contact-us, mail, upload grants and other platform calls. */
export function mountOperations(api: Api, ctx: Ctx): void {
  void api;
  void ctx;
}
