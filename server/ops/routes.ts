import type { Ctx } from '../context';
import type { Api } from '../engine/api';
import { mountBlob } from '../blob/routes';
import { Signer } from '../blob/signing';
import { mountContact } from './contact';
import { mountHistory } from './history';
import { mountMonitors } from './monitors';
import { mountStatistics } from './statistics';
import { mountTickets } from './tickets';
import { mountUploads } from './uploads';

/** Operation history, statistics, tickets, contact-us, mail, upload grants and other platform calls. */
export function mountOperations(api: Api, ctx: Ctx): void {
  const signer = new Signer(ctx.db, () => ctx.config.secretKey);
  mountHistory(api, ctx);
  mountStatistics(api, ctx);
  mountTickets(api, ctx);
  mountContact(api, ctx);
  mountMonitors(api, ctx);
  mountUploads(api, ctx, signer);
  mountBlob(api, ctx, signer);
}
