import type { Db } from './db';
import type { ServerConfig } from './config';
import type { RecordStore } from './engine/store';
import type { ResourceModel } from './engine/model';
import type { Mailer } from './mail';
import type { AppDirectory } from './platform/apps';

/** What every route handler may use. */
export interface Ctx {
  db: Db;
  config: ServerConfig;
  store: RecordStore;
  apps: AppDirectory;
  mail: Mailer;
  /** Models by `<service>/<resource>`. */
  models: Map<string, ResourceModel>;
}

export function modelOf(ctx: Ctx, service: string, resource: string): ResourceModel {
  const m = ctx.models.get(`${service}/${resource}`);
  if (!m) throw new Error(`no resource ${service}/${resource}`);
  return m;
}
