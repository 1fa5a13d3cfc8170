import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { multiverse } from '../../resources/multiverse';
import { udpExchange, until } from '../game-client';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { buildPending } from '../../server/services/multiverse/images';
import { refillFleets } from '../../server/services/multiverse/fleet';
import { supervisorOf } from '../../server/services/multiverse/index';
import { basicOf, serviceRequest, startHarness, type Harness } from './harness';

export interface MultiverseHarness extends Harness {
  mvAppId: string;
  mv: Harness['svc'];
  base: string;
  upload: (bytes: Uint8Array, query: Record<string, string>, type?: string) => ReturnType<Harness['req']>;
  /** Runs the build job now. */
  build: () => Promise<number>;
  refill: () => Promise<number>;
  dataDir: string;
}

/** A server whose game servers run as child processes on ports 17300-17399, its files in a scratch directory. */
export async function startMultiverse(label: string, env: Record<string, string> = {}): Promise<MultiverseHarness> {
  const dataDir = await mkdtemp(join(tmpdir(), `lodestar-mv-${label}-`));
  const h = await startHarness({ env: { DATA_DIR: dataDir, MULTIVERSE_PORT_RANGE: '17300-17399', MULTIVERSE_STOP_GRACE_MS: '1000', ...env } });
  const owner = await createAccount(h.db, { email: `${label}@example.com`, password: 'multiverse-password', name: 'Multiverse' });
  const org = await createOrganization(h.db, `${label} studio`, owner);
  const mvAppId = await createApp(h.db, org, `${label} game`, [multiverse.name]);
  const secret = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [mvAppId])).rows[0].app_service_secret;
  const basic = basicOf(mvAppId, secret);
  const close = h.close;
  return {
    ...h,
    mvAppId,
    mv: serviceRequest(h.req, basic),
    base: multiverse.base,
    dataDir,
    upload: (bytes, query, type = 'application/zip') =>
      h.req({ method: 'POST', url: `${multiverse.base}/images?${new URLSearchParams(query)}`, payload: Buffer.from(bytes), headers: { authorization: basic, 'content-type': type } }),
    build: () => buildPending(h.ctx, supervisorOf(h.ctx).settings),
    refill: () => refillFleets(h.ctx, supervisorOf(h.ctx)),
    close: async () => {
      await close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The example echo server of the repository, zipped as a user would upload it. */
export async function echoArchive(): Promise<Uint8Array> {
  const server = await readFile(new URL('../../examples/multiverse-echo/server.mjs', import.meta.url));
  const text = (t: string) => new TextEncoder().encode(t);
  // idle.mjs runs and never speaks to the SDK: a server that never calls Ready.
  return zipSync({ 'server.mjs': new Uint8Array(server), 'idle.mjs': text('setInterval(() => undefined, 1000);\n'), 'README.txt': text('echo server') });
}

export { udpExchange, until };

/**
 * A game of `mode` in region `local` whose profile has a released revision of the example echo server (0.2 cores):
 * the image uploaded and built, the profile and revision made and released.
 */
export async function releasedGame(h: MultiverseHarness, name: string, mode: 'OnDemandGame' | 'OnFleetGame', extra: Record<string, unknown> = {}): Promise<{ gameId: string; revisionId: string }> {
  const up = await h.upload(await echoArchive(), { name: `${name}-image`, startCommand: 'node server.mjs' });
  if (up.statusCode !== 201) throw new Error(up.body);
  await h.build();
  await until(() => h.mv('GET', `${h.base}/images/${up.json().id}`).then((r) => r.json()), (i) => i.status === 'success');
  const gameId = (await h.mv('POST', `${h.base}/game/games`, { name, mode, regions: ['local'], ...extra })).json().id as string;
  const profileId = (await h.mv('POST', `${h.base}/profiles`, { gameId, name: 'default' })).json().id as string;
  const rev = await h.mv('POST', `${h.base}/profile-revisions`, { profileId, imageId: up.json().id, cpu: 0.2 });
  if (rev.statusCode !== 201) throw new Error(rev.body);
  await h.mv('POST', `${h.base}/profile-revisions/${rev.json().id}/release`);
  const version = (await h.mv('GET', `${h.base}/game/games/${gameId}`)).json().version;
  const put = await h.mv('PUT', `${h.base}/game/games/${gameId}`, { name, mode, regions: ['local'], ...extra, profileId, version });
  if (put.statusCode !== 200) throw new Error(put.body);
  return { gameId, revisionId: rev.json().id };
}
